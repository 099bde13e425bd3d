import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { Button, Notice } from '../../../ui';
import {
  type AmazonSignInOptions,
  amazonSignInConfigQuery,
  openAmazonSignIn,
  realAmazonSignIn,
  renderAmazonSignIn,
} from '../amazon';

type Props = AmazonSignInOptions & { disabled?: boolean };

/**
 * "Sign in with Amazon": asks our server for the signed button config (a query keyed on what the driver typed, 400 ms
 * after the typing stops), then leaves for Amazon's sign-in page. A server without Amazon sign-in answers the config
 * with 404: no button then. A click leaves with the config of what is typed at that moment (Cancel brings it back).
 */
export function AmazonSignInButton(props: Props) {
  return realAmazonSignIn ? <RealAmazonSignInButton {...props} /> : <SandboxAmazonSignInButton {...props} />;
}

/** What the driver typed, once they stopped typing for 400 ms (the first value at once). */
function useSettled(opts: AmazonSignInOptions): AmazonSignInOptions {
  const [settled, setSettled] = useState(opts);
  const { from, redirect, email, referralCode } = opts;
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled({ from, redirect, email, referralCode }), 400);
    return () => window.clearTimeout(timer);
  }, [from, redirect, email, referralCode]);
  return settled;
}

/** The config query of what was typed; while a newer one loads, the last config stays (the button does not blink). */
function useAmazonConfig(opts: AmazonSignInOptions) {
  const config = useQuery({ ...amazonSignInConfigQuery(useSettled(opts)), placeholderData: keepPreviousData });
  const off = config.error instanceof ApiError && config.error.status === 404;
  return { config, off };
}

/**
 * With Amazon's own page (VITE_AMAZON_PAY=real): Amazon's button, drawn by its checkout.js with the signed config of
 * what the driver typed so far (drawn again when that config changes); Amazon's button leaves for Amazon itself.
 */
function RealAmazonSignInButton({ disabled, from, redirect, email, referralCode }: Props) {
  const { i18n } = useLingui();
  const id = `amazon-sign-in-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const container = useRef<HTMLDivElement>(null);
  const { config, off } = useAmazonConfig({ from, redirect, email, referralCode });
  const [drawn, setDrawn] = useState<{ ok: true } | { ok: false; error: unknown } | null>(null);
  const language = i18n.locale;
  const signed = config.data;
  useEffect(() => {
    if (!signed || !container.current) return;
    let live = true;
    renderAmazonSignIn(container.current, signed, language).then(
      () => live && setDrawn({ ok: true }),
      (error: unknown) => live && setDrawn({ ok: false, error }),
    );
    return () => {
      live = false;
    };
  }, [signed, language]);
  if (off) return null;
  const error = drawn && !drawn.ok ? drawn.error : config.error;
  return (
    <>
      {error ? <Notice tone="danger">{errorText(i18n, error)}</Notice> : null}
      <div id={id} ref={container} aria-busy={drawn?.ok !== true} inert={disabled} style={{ minHeight: 45 }} />
    </>
  );
}

function SandboxAmazonSignInButton({ disabled, ...opts }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // 'off' only on the server's 404; a failure (offline) keeps the button, a click says why.
  const { config, off } = useAmazonConfig(opts);
  if (off) return null;
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      // What is typed now: from the cache when the settled query has it, else asked at once.
      openAmazonSignIn(await queryClient.fetchQuery(amazonSignInConfigQuery(opts)));
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };
  return (
    <>
      {error ? <Notice tone="danger">{errorText(i18n, error)}</Notice> : null}
      <Button variant="secondary" loading={pending || config.isPending} disabled={disabled} onClick={start}>
        <Trans>Sign in with Amazon</Trans>
      </Button>
    </>
  );
}
