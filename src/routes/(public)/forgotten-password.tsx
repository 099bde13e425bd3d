import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../features/session/api';
import { signInSearch } from '../../features/session/model/search';
import { errorText, fieldErrorText } from '../../i18n/messages';
import { validateEmail } from '../../lib/validation';
import { FormAlert, SubmitButton, TextField } from '../../ui/Form';

export const Route = createFileRoute('/(public)/forgotten-password')({
  validateSearch: signInSearch,
  component: ForgottenPassword,
});

function ForgottenPassword() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const [email, setEmail] = useState(search.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const label = i18n._(msg`Email`);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid ? fieldErrorText(i18n, invalid, label) : null);
    setAlert(null);
    if (invalid) return;
    setPending(true);
    try {
      await authApi.resendPassword(email.trim());
      setSent(true);
    } catch (e) {
      setAlert(errorText(i18n, e));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="page">
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      {sent ? (
        <div role="status">
          <p className="lead">
            <Trans>
              If an account exists for {email.trim()}, we have sent it a temporary password. Log in with it and choose a
              new password.
            </Trans>
          </p>
          <Link to="/login" search={{ email: email.trim() }} className="button">
            <Trans>Back to log in</Trans>
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>
            <Trans>Enter your email address and we will send you a temporary password.</Trans>
          </p>
          <FormAlert>{alert}</FormAlert>
          <TextField
            label={label}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <SubmitButton pending={pending}>
            <Trans>Send temporary password</Trans>
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
