import { Trans } from '@lingui/react/macro';
import { startOpenIdLogin } from '../app/openid';
import { config } from '../config/env';

/** One button per configured identity provider ("Continue with Demo ID"). */
export function OpenIdButtons() {
  return config.openIdProviders.map((provider) => (
    <button key={provider.id} type="button" className="button secondary" onClick={() => startOpenIdLogin(provider)}>
      <Trans>Continue with {provider.label}</Trans>
    </button>
  ));
}
