import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { REFERRAL_CODE_PATTERN } from '../../../../contract/auth';
import { registerSearch } from '../../../features/session/model/search';
import { forgetIdentity, pendingIdentity } from '../../../features/session/openid';
import { useRegister } from '../../../features/session/queries';
import { AlertInView } from '../../../features/session/ui/AlertInView';
import { config } from '../../../lib/config';
import { ApiError } from '../../../lib/http/errors';
import { validateNewPassword } from '../../../lib/new-password';
import { type FieldError, validateConfirmation, validateEmail, validateTerms } from '../../../lib/validation';
import { Button, Checkbox, Notice, Page, PasswordField, TextField, useForm } from '../../../ui';

/** The optional friend's code: empty, or 8 letters and digits (the server checks that it exists). */
const validateOptionalReferralCode = (value: string): FieldError | null =>
  !value.trim() || REFERRAL_CODE_PATTERN.test(value.trim()) ? null : { kind: 'format' };

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
      referralCode: search.referralCode ?? '',
    },
    labels: {
      email: msg`Email`,
      password: msg`Password`,
      confirmation: msg`Confirm password`,
      referralCode: msg`Friend's referral code (optional)`,
    },
    validate: {
      email: validateEmail,
      password: validateNewPassword,
      confirmation: (value, values) => validateConfirmation(values.password, value),
      terms: validateTerms,
      referralCode: validateOptionalReferralCode,
    },
  });

  const onSubmit = form.handleSubmit(async ({ email, password, marketing, referralCode }) => {
    const address = email.trim();
    const code = referralCode.trim().toUpperCase();
    try {
      await registerWith(address, password, marketing, code);
    } catch (error) {
      // An unknown friend's code: said on its field; nothing was registered and everything typed stays.
      if (error instanceof ApiError && error.code === 'referral_code_unknown') {
        form.setError('referralCode', { kind: 'referralCodeUnknown' });
        return;
      }
      throw error;
    }
    forgetIdentity();
    if (search.redirect) await navigate({ href: search.redirect });
    else await navigate({ to: '/' });
  });

  const registerWith = (address: string, password: string, marketing: boolean, code: string) =>
    register.mutateAsync({
      email: address,
      password,
      termsAccepted: true,
      referrer: 'webpay',
      referralPlatform: 'web',
      marketingPermissions: { email: marketing },
      ...(search.partner ? { partner: search.partner } : {}),
      ...(search.data ? { data: search.data } : {}),
      ...(code ? { referralCode: code } : {}),
      // The identity's proven email: registering with it links the sign-in (another email links nothing).
      ...(identity && identity.email.toLowerCase() === address.toLowerCase()
        ? { openIdTransaction: identity.transaction }
        : {}),
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
        <TextField
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={<Trans>8 letters and digits, from a friend who uses Forecourt Pay</Trans>}
          {...form.field('referralCode')}
        />
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
