import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../../features/session/api';
import { registerSearch } from '../../../features/session/model/search';
import { forgetIdentity, pendingIdentity } from '../../../features/session/openid';
import { startSession } from '../../../features/session/queries';
import { errorText, fieldErrorText } from '../../../i18n/messages';
import { config } from '../../../lib/config';
import {
  type Errors,
  hasErrors,
  validateConfirmation,
  validateEmail,
  validatePassword,
  validateTerms,
} from '../../../lib/validation';
import { Checkbox, FormAlert, PasswordField, SubmitButton, TextField } from '../../../ui/Form';

export const Route = createFileRoute('/(public)/register/mail')({
  validateSearch: registerSearch,
  component: RegisterMail,
});

type Field = 'email' | 'password' | 'confirmation' | 'terms';

function RegisterMail() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const identity = pendingIdentity();
  const [email, setEmail] = useState(search.email ?? identity?.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const labels = {
    email: i18n._(msg`Email`),
    password: i18n._(msg`Password`),
    confirmation: i18n._(msg`Confirm password`),
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors<Field> = {
      email: validateEmail(email) ?? undefined,
      password: validatePassword(password) ?? undefined,
      confirmation: validateConfirmation(password, confirmation) ?? undefined,
      terms: validateTerms(terms) ?? undefined,
    };
    setErrors(next);
    setAlert(null);
    if (hasErrors(next)) return;
    setPending(true);
    try {
      const response = await authApi.register({
        email: email.trim(),
        password,
        termsAccepted: true,
        referrer: 'webpay',
        referralPlatform: 'web',
        marketingPermissions: { email: marketing },
        ...(search.partner ? { partner: search.partner } : {}),
        ...(search.data ? { data: search.data } : {}),
        ...(identity && identity.email?.toLowerCase() === email.trim().toLowerCase()
          ? { idProvider: identity.idProvider, idToken: identity.idToken }
          : {}),
      });
      forgetIdentity();
      startSession(queryClient, response, false);
      await navigate({ to: '/' });
    } catch (error) {
      // Everything typed stays in the form; only the message changes.
      setAlert(errorText(i18n, error));
    } finally {
      setPending(false);
    }
  }

  const err = (field: Field, label: string) => {
    const e = errors[field];
    return e ? fieldErrorText(i18n, e, label) : null;
  };

  return (
    <section className="page">
      <h1>
        <Trans>Register with email</Trans>
      </h1>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={labels.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={err('email', labels.email)}
        />
        <PasswordField
          label={labels.password}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<Trans>8 to 40 characters</Trans>}
          error={err('password', labels.password)}
        />
        <PasswordField
          label={labels.confirmation}
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={err('confirmation', labels.confirmation)}
        />
        <Checkbox
          name="terms"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          error={err('terms', '')}
          label={
            <Trans>
              I accept the{' '}
              <a href={`${config.legalBaseUrl}/terms.html`} target="_blank" rel="noopener noreferrer">
                terms and conditions
              </a>
            </Trans>
          }
        />
        <Checkbox
          name="marketing"
          checked={marketing}
          onChange={(e) => setMarketing(e.target.checked)}
          label={<Trans>Send me offers and news by email (optional)</Trans>}
        />
        <SubmitButton pending={pending}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
      <p>
        <Trans>Already registered?</Trans>{' '}
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </section>
  );
}
