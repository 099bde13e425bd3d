import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { authApi } from '../../features/session/api';
import { signInSearch } from '../../features/session/model/search';
import { emailFromIdToken, rememberIdentity, takeOpenIdResult } from '../../features/session/openid';
import { loginAsGuest, startSession } from '../../features/session/queries';
import { OpenIdButtons } from '../../features/session/ui/OpenIdButtons';
import { errorText, fieldErrorText } from '../../i18n/messages';
import { config } from '../../lib/config';
import { ApiError } from '../../lib/http/errors';
import { type Errors, hasErrors, validateEmail, validateRequired } from '../../lib/validation';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../ui/Form';

export const Route = createFileRoute('/(public)/login')({
  validateSearch: signInSearch,
  component: Login,
});

function Login() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const handledHash = useRef(false);

  const labels = { email: i18n._(msg`Email`), password: i18n._(msg`Password`) };

  async function finish(response: { auth_token: string; _id: string; passwordExpired?: boolean }) {
    startSession(queryClient, response, false);
    await navigate({ to: response.passwordExpired ? '/change-tmp-password' : '/' });
  }

  // Back from the identity provider with an ID token in the fragment.
  useEffect(() => {
    if (handledHash.current) return;
    handledHash.current = true;
    const result = takeOpenIdResult(window.location.hash);
    if (!result) return;
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    setPending(true);
    authApi
      .loginOpenId(result)
      .then(finish)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'not_registered') {
          const tokenEmail = emailFromIdToken(result.idToken);
          rememberIdentity({ ...result, email: tokenEmail });
          void navigate({ to: '/register/mail', search: tokenEmail ? { email: tokenEmail } : {} });
          return;
        }
        setAlert(errorText(i18n, error));
      })
      .finally(() => setPending(false));
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { email: validateEmail(email) ?? undefined, password: validateRequired(password) ?? undefined };
    setErrors(next);
    setAlert(null);
    if (hasErrors(next)) return;
    setPending(true);
    try {
      await finish(await authApi.loginLocal({ email: email.trim(), password }));
    } catch (error) {
      setAlert(errorText(i18n, error));
    } finally {
      setPending(false);
    }
  }

  async function continueAsGuest() {
    setPending(true);
    try {
      await loginAsGuest(queryClient);
      await navigate({ to: '/' });
    } catch (error) {
      setAlert(errorText(i18n, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="page">
      <h1>
        <Trans>Log in</Trans>
      </h1>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={labels.email}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ? fieldErrorText(i18n, errors.email, labels.email) : null}
        />
        <PasswordField
          label={labels.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? fieldErrorText(i18n, errors.password, labels.password) : null}
        />
        <SubmitButton pending={pending}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
      <p>
        <Link to="/forgotten-password" search={email ? { email } : {}}>
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      {config.openIdProviders.length > 0 ? (
        <div className="actions">
          <OpenIdButtons />
        </div>
      ) : null}
      <div className="actions">
        <Link to="/register" className="button secondary">
          <Trans>Create an account</Trans>
        </Link>
        <button type="button" className="button ghost" onClick={continueAsGuest} disabled={pending}>
          <Trans>Continue as guest</Trans>
        </button>
      </div>
    </section>
  );
}
