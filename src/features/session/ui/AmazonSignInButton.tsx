import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { Button, Notice } from '../../../ui';
import {
  type AmazonSignInOptions,
  amazonSignInConfig,
  openAmazonSignIn,
  realAmazonSignIn,
  renderAmazonSignIn,
} from '../amazon';

type Props = AmazonSignInOptions & { disabled?: boolean };

/**
 * "Sign in with Amazon": asks our server for the signed button config, then leaves for Amazon's sign-in page. A server
 * without Amazon sign-in answers the config with 404: no button then. The config is asked again on a click, with
 * what the driver typed meanwhile (Cancel brings it back).
 */
export function AmazonSignInButton(props: Props) {
  return realAmazonSignIn ? <RealAmazonSignInButton {...props} /> : <SandboxAmazonSignInButton {...props} />;
}

/**
 * With Amazon's own page (VITE_AMAZON_PAY=real): Amazon's button, drawn by its checkout.js with the signed config of
 * what the driver typed so far (drawn again 400 ms after a change); Amazon's button leaves for Amazon itself.
 */
function RealAmazonSignInButton({ disabled, from, redirect, email, referralCode }: Props) {
  const { i18n } = useLingui();
  const id = `amazon-sign-in-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'checking' | 'on' | 'off'>('checking');
  const [error, setError] = useState<unknown>(null);
  const language = i18n.locale;
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      amazonSignInConfig({ from, redirect, email, referralCode })
        .then(async (config) => {
          if (!live || !container.current) return;
          await renderAmazonSignIn(container.current, config, language);
          if (live) {
            setState('on');
            setError(null);
          }
        })
        .catch((failure: unknown) => {
          if (!live) return;
          if (failure instanceof ApiError && failure.status === 404) setState('off');
          else setError(failure);
        });
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [from, redirect, email, referralCode, language]);
  if (state === 'off') return null;
  return (
    <>
      {error ? <Notice tone="danger">{errorText(i18n, error)}</Notice> : null}
      <div id={id} ref={container} aria-busy={state === 'checking'} inert={disabled} style={{ minHeight: 45 }} />
    </>
  );
}

function SandboxAmazonSignInButton({ disabled, ...opts }: Props) {
  const { i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Asked once per page: 'off' only on the server's 404; a failure (offline) keeps the button, a click says why.
  const [offered, setOffered] = useState<'checking' | 'on' | 'off'>('checking');
  const { from } = opts;
  useEffect(() => {
    let live = true;
    amazonSignInConfig({ from }).then(
      () => live && setOffered('on'),
      (failure: unknown) => live && setOffered(failure instanceof ApiError && failure.status === 404 ? 'off' : 'on'),
    );
    return () => {
      live = false;
    };
  }, [from]);
  if (offered === 'off') return null;
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      openAmazonSignIn(await amazonSignInConfig(opts));
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };
  return (
    <>
      {error ? <Notice tone="danger">{errorText(i18n, error)}</Notice> : null}
      <Button variant="secondary" loading={pending || offered === 'checking'} disabled={disabled} onClick={start}>
        <Trans>Sign in with Amazon</Trans>
      </Button>
    </>
  );
}
