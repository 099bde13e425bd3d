import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { LoginResponse } from '../../../contract/auth';
import { signInSearch } from '../../features/session/model/search';
import { useContinueAsGuest, useLogin } from '../../features/session/queries';
import { AlertInView } from '../../features/session/ui/AlertInView';
import { AmazonSignInButton } from '../../features/session/ui/AmazonSignInButton';
import { AmazonSignInNotice } from '../../features/session/ui/AmazonSignInNotice';
import { OpenIdButtons } from '../../features/session/ui/OpenIdButtons';
import { OrDivider } from '../../features/session/ui/OrDivider';
import { validateEmail, validateRequired } from '../../lib/validation';
import { Button, Page, PasswordField, TextField, useForm } from '../../ui';

export const Route = createFileRoute('/(public)/login')({
  validateSearch: signInSearch,
  component: Login,
});

function Login() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const formId = useId();
  const login = useLogin();
  const guest = useContinueAsGuest();
  const form = useForm({
    initial: { email: search.email ?? '', password: '' },
    labels: { email: msg`Email`, password: msg`Password` },
    validate: { email: validateEmail, password: validateRequired },
  });

  async function finish(response: LoginResponse) {
    if (response.passwordExpired) await navigate({ to: '/change-tmp-password' });
    else if (search.redirect) await navigate({ href: search.redirect });
    else await navigate({ to: '/' });
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    await finish(await login.mutateAsync({ email: email.trim(), password }));
  });

  const continueAsGuest = () =>
    form.run(async () => {
      await guest.mutateAsync();
      await navigate({ to: '/' });
    });

  const email = form.values.email.trim();
  return (
    <Page
      title={<Trans>Log in</Trans>}
      description={<Trans>Welcome back. Log in to pay with your saved cards.</Trans>}
      className="sign-in-page"
      footer={
        <p className="sign-in-switch">
          <Trans>New to Forecourt Pay?</Trans>{' '}
          <Link to="/register">
            <Trans>Create an account</Trans>
          </Link>
        </p>
      }
      actions={
        <Button
          type="submit"
          form={formId}
          size="lg"
          loading={form.pending && !guest.isPending}
          disabled={guest.isPending}
        >
          <Trans>Log in</Trans>
        </Button>
      }
    >
      <form id={formId} className="sign-in-form" noValidate onSubmit={onSubmit}>
        <AmazonSignInNotice reason={search.amazonError} />
        <AlertInView>{form.alert}</AlertInView>
        <TextField type="email" autoComplete="username" inputMode="email" {...form.field('email')} />
        <PasswordField autoComplete="current-password" {...form.field('password')} />
        <p className="forgot-link">
          <Link to="/forgotten-password" search={email ? { email } : {}}>
            <Trans>Forgot your password?</Trans>
          </Link>
        </p>
      </form>
      <div className="sign-in-alternatives">
        <OrDivider />
        <AmazonSignInButton from="/login" redirect={search.redirect} email={email} disabled={form.pending} />
        <OpenIdButtons redirect={search.redirect} disabled={form.pending} />
        <Button variant="ghost" loading={guest.isPending} disabled={form.pending} onClick={continueAsGuest}>
          <Trans>Continue as guest</Trans>
        </Button>
      </div>
    </Page>
  );
}
