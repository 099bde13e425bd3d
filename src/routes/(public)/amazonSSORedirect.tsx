// /amazonSSORedirect (shell-and-account.md §2.1, open): Amazon's sign-in comes back here with a buyer token. It is
// traded once for a session; then the driver goes on to where they were going (redirect) or /pay. A token that is
// expired, used or not genuine goes back to /login, which says why. A friend's code brought from /register goes with
// the token; when the new account could not use it, the driver lands on /profile/refer, which says why.
// An email that already has an account (409 amazon_link_required, issue 32.1) is linked only with that account's
// password: the screen asks for it and sends the same, still unspent token again; a wrong one keeps what was typed.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { AmazonSignInResponse } from '../../../contract/auth';
import { REFERRAL_ERROR_CODES } from '../../../contract/plain/referral';
import { type AmazonSignInError, amazonReturnSearch } from '../../features/session/model/search';
import { useAmazonSignIn } from '../../features/session/queries';
import { AlertInView } from '../../features/session/ui/AlertInView';
import { SecureIcon } from '../../features/session/ui/icons';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { ApiError } from '../../lib/http/errors';
import { validateRequired } from '../../lib/validation';
import { Button, Page, PasswordField, Spinner, toast, useForm } from '../../ui';

export const Route = createFileRoute('/(public)/amazonSSORedirect')({
  validateSearch: amazonReturnSearch,
  component: AmazonSSORedirect,
});

function reasonOf(error: unknown): AmazonSignInError {
  if (error instanceof ApiError && error.code === 'amazon_token_invalid') {
    const reason = (error.details as { reason?: unknown } | null)?.reason;
    if (reason === 'expired' || reason === 'used' || reason === 'unknown') return reason;
  }
  return 'failed';
}

/** The email of the account the buyer's email already has, when the server asks for its password to link them. */
function linkEmailOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'amazon_link_required') return null;
  const email = (error.details as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

function AmazonSSORedirect() {
  const { i18n } = useLingui();
  const { buyerToken, redirect, referralCode } = Route.useSearch();
  const navigate = useNavigate();
  const signIn = useAmazonSignIn();
  // The token is single use: one exchange, also when React runs the effect twice.
  const started = useRef(false);

  const [linkEmail, setLinkEmail] = useState<string | null>(null);
  const toLogin = (amazonError: AmazonSignInError) =>
    navigate({ to: '/login', search: { amazonError, ...(redirect ? { redirect } : {}) }, replace: true });
  const signedIn = ({ referral }: AmazonSignInResponse) => {
    if (referral && !referral.accepted) {
      const referralError = REFERRAL_ERROR_CODES.find((c) => c === referral.error) ?? 'referral_code_unknown';
      void navigate({ to: '/profile/refer', search: { referralError, referralCode: referral.code }, replace: true });
      return;
    }
    if (referral?.accepted) {
      toast.show({
        text: i18n._(msg`Your friend's code was accepted: the discount is in your vouchers`),
        tone: 'success',
      });
    }
    void (redirect ? navigate({ href: redirect, replace: true }) : navigate({ to: '/pay', replace: true }));
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!buyerToken) {
      void toLogin('unknown');
      return;
    }
    signIn.mutate(
      { buyerToken, ...(referralCode ? { referralCode } : {}) },
      {
        onSuccess: signedIn,
        onError: (error) => {
          const email = linkEmailOf(error);
          if (email !== null) setLinkEmail(email);
          else void toLogin(reasonOf(error));
        },
      },
    );
  });

  if (linkEmail !== null && buyerToken) {
    return (
      <LinkAccount
        email={linkEmail}
        link={async (password) => {
          try {
            signedIn(await signIn.mutateAsync({ buyerToken, password, ...(referralCode ? { referralCode } : {}) }));
          } catch (error) {
            // A token that lapsed meanwhile goes back to /login; a wrong password stays here, said in the form.
            if (error instanceof ApiError && error.code === 'amazon_token_invalid') void toLogin(reasonOf(error));
            else throw error;
          }
        }}
        cancel={() => void navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true })}
      />
    );
  }

  return (
    <StatusScreen icon={<SecureIcon size={32} />} title={<Trans>Signing you in with Amazon</Trans>} live>
      <Spinner />
    </StatusScreen>
  );
}

/** "This email has an account": its password links Amazon to it (the primary action in the bottom bar). */
function LinkAccount({
  email,
  link,
  cancel,
}: {
  email: string;
  link: (password: string) => Promise<void>;
  cancel: () => void;
}) {
  const formId = useId();
  const form = useForm({
    initial: { password: '' },
    labels: { password: msg`Password` },
    validate: { password: validateRequired },
  });
  const onSubmit = form.handleSubmit(({ password }) => link(password));
  return (
    <Page
      className="sign-in-page"
      title={<Trans>Link Amazon to your account</Trans>}
      description={<Trans>{email} already has an account. Enter its password to link Amazon to it.</Trans>}
      actions={
        <>
          <Button type="submit" form={formId} size="lg" loading={form.pending}>
            <Trans>Link and sign in</Trans>
          </Button>
          <Button variant="secondary" size="lg" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} className="sign-in-form" noValidate onSubmit={onSubmit}>
        <AlertInView>{form.alert}</AlertInView>
        <PasswordField autoComplete="current-password" {...form.field('password')} />
      </form>
    </Page>
  );
}
