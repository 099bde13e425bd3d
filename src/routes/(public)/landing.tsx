import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signInSearch } from '../../features/session/model/search';
import { loginAsGuest } from '../../features/session/queries';
import { errorText } from '../../i18n/messages';
import { FormAlert } from '../../ui/Form';

export const Route = createFileRoute('/(public)/landing')({
  validateSearch: signInSearch,
  component: Landing,
});

function PartnerLogo({ partner }: { partner: string | undefined }) {
  const [failed, setFailed] = useState(false);
  // Only plain names: the value comes from a link and ends up in a URL path.
  const safe = partner && /^[A-Za-z0-9_-]{1,64}$/.test(partner) ? partner : null;
  if (!safe || failed) {
    return <img className="landing-logo" src="/icons/favicon.svg" width={96} height={96} alt="Forecourt Pay" />;
  }
  return (
    <img
      className="landing-logo"
      src={`/img/partnerLogos/${safe}.png`}
      width={96}
      height={96}
      alt={safe}
      onError={() => setFailed(true)}
    />
  );
}

function Landing() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function continueAsGuest() {
    setPending(true);
    setError(null);
    try {
      await loginAsGuest(queryClient);
      await navigate({ to: '/' });
    } catch (e) {
      setError(errorText(i18n, e));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="page landing">
      <PartnerLogo partner={search.partner} />
      <h1>
        <Trans>Pay at the pump from your phone</Trans>
      </h1>
      <p className="lead">
        <Trans>Fuel, charge or wash your car and pay in the app. No queue at the till.</Trans>
      </p>
      <FormAlert>{error}</FormAlert>
      <div className="actions">
        <Link to="/login" className="button">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/register" className="button secondary">
          <Trans>Register</Trans>
        </Link>
        <button type="button" className="button ghost" onClick={continueAsGuest} disabled={pending} aria-busy={pending}>
          <Trans>Continue as guest</Trans>
        </button>
      </div>
      <p>
        <Link to="/onboarding">
          <Trans>How does it work?</Trans>
        </Link>
      </p>
    </section>
  );
}
