// /amazonSSORedirect (shell-and-account.md §2.1, open): Amazon's sign-in comes back here with a buyer token. It is
// traded once for a session; then the driver goes on to where they were going (redirect) or /pay. A token that is
// expired, used or not genuine goes back to /login, which says why. A friend's code brought from /register goes with
// the token; when the new account could not use it, the driver lands on /profile/refer, which says why.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { REFERRAL_ERROR_CODES } from '../../../contract/plain/referral';
import { type AmazonSignInError, amazonReturnSearch } from '../../features/session/model/search';
import { useAmazonSignIn } from '../../features/session/queries';
import { SecureIcon } from '../../features/session/ui/icons';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { ApiError } from '../../lib/http/errors';
import { Spinner, toast } from '../../ui';

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

function AmazonSSORedirect() {
  const { i18n } = useLingui();
  const { buyerToken, redirect, referralCode } = Route.useSearch();
  const navigate = useNavigate();
  const signIn = useAmazonSignIn();
  // The token is single use: one exchange, also when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toLogin = (amazonError: AmazonSignInError) =>
      navigate({ to: '/login', search: { amazonError, ...(redirect ? { redirect } : {}) }, replace: true });
    if (!buyerToken) {
      void toLogin('unknown');
      return;
    }
    signIn.mutate(
      { buyerToken, ...(referralCode ? { referralCode } : {}) },
      {
        onSuccess: ({ referral }) => {
          if (referral && !referral.accepted) {
            const referralError = REFERRAL_ERROR_CODES.find((c) => c === referral.error) ?? 'referral_code_unknown';
            void navigate({
              to: '/profile/refer',
              search: { referralError, referralCode: referral.code },
              replace: true,
            });
            return;
          }
          if (referral?.accepted) {
            toast.show({
              text: i18n._(msg`Your friend's code was accepted: the discount is in your vouchers`),
              tone: 'success',
            });
          }
          void (redirect ? navigate({ href: redirect, replace: true }) : navigate({ to: '/pay', replace: true }));
        },
        onError: (error) => void toLogin(reasonOf(error)),
      },
    );
  });

  return (
    <StatusScreen icon={<SecureIcon size={32} />} title={<Trans>Signing you in with Amazon</Trans>} live>
      <Spinner />
    </StatusScreen>
  );
}
