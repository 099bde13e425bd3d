import { Trans } from '@lingui/react/macro';
import { Notice } from '../../../ui';
import type { AmazonSignInError } from '../model/search';

/** Why the Amazon sign-in brought the driver back to /login (amazonError in the query). */
export function AmazonSignInNotice({ reason }: { reason: AmazonSignInError | undefined }) {
  if (!reason) return null;
  return (
    <Notice tone="danger">
      {reason === 'expired' ? (
        <Trans>Your Amazon sign-in has expired. Please sign in with Amazon again.</Trans>
      ) : reason === 'used' ? (
        <Trans>This Amazon sign-in was used already. Please sign in with Amazon again.</Trans>
      ) : reason === 'unknown' ? (
        <Trans>Your Amazon sign-in could not be verified. Please sign in with Amazon again.</Trans>
      ) : (
        <Trans>Signing in with Amazon did not work. Please try again.</Trans>
      )}
    </Notice>
  );
}
