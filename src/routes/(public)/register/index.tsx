import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { OpenIdButtons } from '../../../features/session/ui/OpenIdButtons';

export const Route = createFileRoute('/(public)/register/')({
  component: Register,
});

function Register() {
  return (
    <section className="page">
      <h1>
        <Trans>Create your account</Trans>
      </h1>
      <p className="lead">
        <Trans>With an account you can save payment cards, vehicles and receipts.</Trans>
      </p>
      <div className="actions">
        <Link to="/register/mail" className="button">
          <Trans>Register with email</Trans>
        </Link>
        <OpenIdButtons />
      </div>
      <p>
        <Trans>Already registered?</Trans>{' '}
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </section>
  );
}
