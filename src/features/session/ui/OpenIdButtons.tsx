import { Trans } from '@lingui/react/macro';
import { config } from '../../../lib/config';
import { startOpenIdLogin } from '../openid';

/** One button per configured identity provider ("Continue with Demo ID"). */
export function OpenIdButtons() {
  return config.openIdProviders.map((provider) => (
    <button key={provider.id} type="button" className="button secondary" onClick={() => startOpenIdLogin(provider)}>
      <Trans>Continue with {provider.label}</Trans>
    </button>
  ));
}
