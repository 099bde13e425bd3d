import { Trans } from '@lingui/react/macro';
import { config } from '../../../lib/config';
import { Button } from '../../../ui';
import { startOpenIdLogin } from '../openid';

/** One button per configured identity provider ("Continue with Demo ID"); nothing when none is configured. */
export function OpenIdButtons() {
  return config.openIdProviders.map((provider) => (
    <Button key={provider.id} variant="secondary" onClick={() => startOpenIdLogin(provider)}>
      <Trans>Continue with {provider.label}</Trans>
    </Button>
  ));
}

export const hasOpenIdProviders = () => config.openIdProviders.length > 0;
