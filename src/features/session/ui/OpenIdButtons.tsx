import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { queryClient } from '../../../lib/query-client';
import { Button } from '../../../ui';
import { type OpenIdProvider, openIdProvidersQuery, requestOpenIdStart } from '../openid';

/**
 * One button per identity provider the server offers ("Continue with Demo ID" on a demo server only); none until it
 * has said, and none when it offers none or cannot be asked. Read through the query cache (fetchQuery: fresh for five
 * minutes, kept with the cache) rather than useQuery: with useQuery here rolldown splits react-query's core into one
 * more start-up chunk, +0.5 KiB gzip on /landing and /pay/pump, past the latter's budget (measured; useQuery in
 * AmazonSignInButton, on the same pages, costs nothing measurable).
 */
export function OpenIdButtons({ redirect, disabled }: { redirect?: string | undefined; disabled?: boolean }) {
  const navigate = useNavigate();
  const [providers, setProviders] = useState<OpenIdProvider[]>(
    () => queryClient.getQueryData(openIdProvidersQuery.queryKey)?.providers ?? [],
  );
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
  // /openid/callback starts it: there a failure is said in words from a catalog the first screens do not carry.
  const start = (provider: OpenIdProvider) => {
    requestOpenIdStart({ provider, purpose: 'login', ...(redirect ? { redirect } : {}) });
    void navigate({ to: '/openid/callback' });
  };
  return providers.map((provider) => (
    <Button key={provider.id} variant="secondary" disabled={disabled} onClick={() => start(provider)}>
      <Trans>Continue with {provider.label}</Trans>
    </Button>
  ));
}
