import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { signInSearch } from '../../features/session/model/search';
import { useResendPassword } from '../../features/session/queries';
import { AlertInView } from '../../features/session/ui/AlertInView';
import { MailSentIcon } from '../../features/session/ui/icons';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { validateEmail } from '../../lib/validation';
import { Button, buttonClass, Page, TextField, useForm } from '../../ui';

export const Route = createFileRoute('/(public)/forgotten-password')({
  validateSearch: signInSearch,
  component: ForgottenPassword,
});

function ForgottenPassword() {
  const search = Route.useSearch();
  const formId = useId();
  const resend = useResendPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: search.email ?? '' },
    labels: { email: msg`Email` },
    validate: { email: validateEmail },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    const address = email.trim();
    await resend.mutateAsync(address);
    setSentTo(address);
  });

  if (sentTo !== null) {
    // The same words whether or not the address has an account: the answer must not tell who is registered.
    return (
      <StatusScreen
        icon={<MailSentIcon size={36} />}
        title={<Trans>Check your inbox</Trans>}
        live
        focusTitle
        actions={
          <Link to="/login" search={{ email: sentTo }} className={buttonClass({ size: 'lg' })}>
            <Trans>Back to log in</Trans>
          </Link>
        }
      >
        <p>
          <Trans>
            If an account exists for {sentTo}, we have sent it a temporary password. Log in with it and choose a new
            password.
          </Trans>
        </p>
      </StatusScreen>
    );
  }

  return (
    <Page
      className="sign-in-page"
      title={<Trans>Forgot your password?</Trans>}
      description={<Trans>Enter your email address and we will send you a temporary password.</Trans>}
      actions={
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Send temporary password</Trans>
        </Button>
      }
    >
      <form id={formId} className="sign-in-form" noValidate onSubmit={onSubmit}>
        <AlertInView>{form.alert}</AlertInView>
        <TextField type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </form>
    </Page>
  );
}
