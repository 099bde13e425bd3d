import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { Button, Notice } from '../../../ui';
import { startAmazonSignIn } from '../amazon';

type Props = Parameters<typeof startAmazonSignIn>[0] & { disabled?: boolean };

/** "Sign in with Amazon": asks our server for the signed button config, then leaves for Amazon's sign-in page. */
export function AmazonSignInButton({ disabled, ...opts }: Props) {
  const { i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      await startAmazonSignIn(opts);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };
  return (
    <>
      {error ? <Notice tone="danger">{errorText(i18n, error)}</Notice> : null}
      <Button variant="secondary" loading={pending} disabled={disabled} onClick={start}>
        <Trans>Sign in with Amazon</Trans>
      </Button>
    </>
  );
}
