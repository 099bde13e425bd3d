import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { signInSearch } from '../../features/session/model/search';
import { useContinueAsGuest } from '../../features/session/queries';
import { BenefitList } from '../../features/session/ui/BenefitList';
import { SecureIcon } from '../../features/session/ui/icons';
import { errorText } from '../../i18n/messages';
import { Button, buttonClass, cx, FormAlert, Page } from '../../ui';
import { HelpIcon, ReceiptIcon, WalletIcon } from '../../ui/icons';
import { PartnerLogo } from './-components/PartnerLogo';
import '../../features/session/ui/sign-in.css';
import './-components/landing.css';

export const Route = createFileRoute('/(public)/landing')({
  validateSearch: signInSearch,
  component: Landing,
});

function Landing() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate();
  // Also remembers the choice, so the pump does not ask this guest again.
  const guest = useContinueAsGuest();
  // "Landscape mode is set by a query parameter" (a host app's wide frame); "false" or "0" keep the portrait layout.
  const landscape = search.landscape !== undefined && !['false', '0'].includes(search.landscape);

  return (
    <Page
      className={cx('sign-in-page', landscape && 'landing--landscape')}
      actions={
        <>
          <div className="action-pair">
            <Link to="/login" className={buttonClass({ size: 'lg' })}>
              <Trans>Log in</Trans>
            </Link>
            <Link to="/register" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              <Trans>Register</Trans>
            </Link>
          </div>
          <Button
            variant="ghost"
            loading={guest.isPending}
            onClick={() => guest.mutate(undefined, { onSuccess: () => void navigate({ to: '/' }) })}
          >
            <Trans>Continue as guest</Trans>
          </Button>
        </>
      }
    >
      <header className="landing-hero">
        <PartnerLogo partner={search.partner} />
        <h1 className="landing-title">
          <Trans>Pay at the pump from your phone</Trans>
        </h1>
        <p className="landing-lead">
          <Trans>Fuel, charge or wash your car and pay in the app. No queue at the till.</Trans>
        </p>
      </header>
      <FormAlert>{guest.error ? errorText(i18n, guest.error) : null}</FormAlert>
      <BenefitList
        layout="tiles"
        items={[
          { icon: <WalletIcon size={22} />, title: <Trans>Card or phone wallet</Trans> },
          { icon: <SecureIcon size={22} />, title: <Trans>Pay only for what you take</Trans> },
          { icon: <ReceiptIcon size={22} />, title: <Trans>Receipts in the app</Trans> },
        ]}
      />
      <p className="landing-how">
        <Link to="/onboarding" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          <HelpIcon size={18} aria-hidden="true" />
          <Trans>How does it work?</Trans>
        </Link>
      </p>
    </Page>
  );
}
