import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { startOpenIdLogin } from '../app/openid';
import { config } from '../config/env';

export const Route = createFileRoute('/register/')({
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
        {config.openIdProviders.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="button secondary"
            onClick={() => startOpenIdLogin(provider)}
          >
            <Trans>Continue with {provider.label}</Trans>
          </button>
        ))}
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
