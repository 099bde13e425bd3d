import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui';
import { openIdProvidersQuery, startOpenIdLogin } from '../openid';

/** One button per identity provider the server offers ("Continue with Demo ID" on a demo server); none until it
 *  has said, and none when it offers none or cannot be asked. */
export function OpenIdButtons() {
  const { data } = useQuery(openIdProvidersQuery);
  return (data?.providers ?? []).map((provider) => (
    <Button key={provider.id} variant="secondary" onClick={() => startOpenIdLogin(provider)}>
      <Trans>Continue with {provider.label}</Trans>
    </Button>
  ));
}
