import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { queryClient } from '../../../lib/query-client';
import { Button, toast } from '../../../ui';
import { type OpenIdProvider, openIdProvidersQuery, startOpenIdLogin } from '../openid';

/**
 * One button per identity provider the server offers ("Continue with Demo ID" on a demo server only); none until it
 * has said, and none when it offers none or cannot be asked. Read through the query cache (fetchQuery: fresh for five
 * minutes, kept with the cache) rather than useQuery: with useQuery here rolldown splits react-query's core into one
 * more start-up chunk, +0.5 KiB gzip on /landing and /pay/pump, past the latter's budget (measured; useQuery in
 * AmazonSignInButton, on the same pages, costs nothing measurable).
 */
export function OpenIdButtons({ redirect, disabled }: { redirect?: string | undefined; disabled?: boolean }) {
  const { i18n } = useLingui();
  const [providers, setProviders] = useState<OpenIdProvider[]>(
    () => queryClient.getQueryData(openIdProvidersQuery.queryKey)?.providers ?? [],
  );
  const [starting, setStarting] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    queryClient.fetchQuery(openIdProvidersQuery).then(
      (answer) => live && setProviders(answer.providers),
      () => live && setProviders([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const start = async (provider: OpenIdProvider) => {
    setStarting(provider.id);
    try {
      await startOpenIdLogin(provider, redirect ? { redirect } : {});
    } catch (error) {
      setStarting(null);
      toast.show({ text: errorText(i18n, error), tone: 'danger' });
    }
  };
  return providers.map((provider) => (
    <Button
      key={provider.id}
      variant="secondary"
      loading={starting === provider.id}
      disabled={disabled || (starting !== null && starting !== provider.id)}
      onClick={() => void start(provider)}
    >
      <Trans>Continue with {provider.label}</Trans>
    </Button>
  ));
}
