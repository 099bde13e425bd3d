import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { registerSearch } from '../../../features/session/model/search';
import { forgetIdentity, pendingIdentity } from '../../../features/session/openid';
import { useRegister } from '../../../features/session/queries';
import { AlertInView } from '../../../features/session/ui/AlertInView';
import { config } from '../../../lib/config';
import { validateConfirmation, validateEmail, validateNewPassword, validateTerms } from '../../../lib/validation';
import { Button, Checkbox, Notice, Page, PasswordField, TextField, useForm } from '../../../ui';

export const Route = createFileRoute('/(public)/register/mail')({
  validateSearch: registerSearch,
  component: RegisterMail,
});

function RegisterMail() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const formId = useId();
  const register = useRegister();
  // An identity provider's sign-in without an account: registering with its email links it.
  const [identity] = useState(pendingIdentity);
  const form = useForm({
    initial: {
      email: search.email ?? identity?.email ?? '',
      password: '',
      confirmation: '',
      terms: false,
      marketing: false,
    },
    labels: { email: msg`Email`, password: msg`Password`, confirmation: msg`Confirm password` },
    validate: {
      email: validateEmail,
      password: validateNewPassword,
      confirmation: (value, values) => validateConfirmation(values.password, value),
      terms: validateTerms,
    },
  });

  const onSubmit = form.handleSubmit(async ({ email, password, marketing }) => {
    const address = email.trim();
    await register.mutateAsync({
      email: address,
      password,
      termsAccepted: true,
      referrer: 'webpay',
      referralPlatform: 'web',
      marketingPermissions: { email: marketing },
      ...(search.partner ? { partner: search.partner } : {}),
      ...(search.data ? { data: search.data } : {}),
      ...(identity && identity.email?.toLowerCase() === address.toLowerCase()
        ? { idProvider: identity.idProvider, idToken: identity.idToken }
        : {}),
    });
    forgetIdentity();
    await navigate({ to: '/' });
  });

  return (
    <Page
      className="sign-in-page"
      title={<Trans>Register with email</Trans>}
      footer={
        <p className="sign-in-switch">
          <Trans>Already registered?</Trans>{' '}
          <Link to="/login">
            <Trans>Log in</Trans>
          </Link>
        </p>
      }
      actions={
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Create account</Trans>
        </Button>
      }
    >
      {identity ? (
        <Notice tone="info" live="none">
          <Trans>There is no account for this identity yet. Please register first.</Trans>
        </Notice>
      ) : null}
      <form id={formId} className="sign-in-form" noValidate onSubmit={onSubmit}>
        <AlertInView>{form.alert}</AlertInView>
        <TextField type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <PasswordField
          autoComplete="new-password"
          hint={<Trans>8 to 40 characters</Trans>}
          {...form.field('password')}
        />
        <PasswordField autoComplete="new-password" {...form.field('confirmation')} />
        <div className="sign-in-consents">
          <Checkbox
            {...form.checkbox('terms')}
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
            {...form.checkbox('marketing')}
            label={<Trans>Send me offers and news by email (optional)</Trans>}
          />
        </div>
      </form>
    </Page>
  );
}
