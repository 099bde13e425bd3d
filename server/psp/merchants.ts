// GET /v4/merchants/best-match (pay-flows.md §3 Merchant config, §7): the merchant a wallet payment goes to. The
// sandbox acquires in every country of the demo network; best match = the station's country, else the driver's, else
// Germany. merchantId / applePayMerchantId come from the configuration (WALLET_MERCHANT_ID, APPLE_PAY_MERCHANT_ID).
import type { MerchantConfig } from '../../contract/wallets';
import type { AppContext } from '../context';

/** The countries the sandbox acquirer settles in (the demo network's countries). */
export const ACQUIRER_COUNTRIES = ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'IT', 'LU', 'NL', 'PL', 'PT'] as const;
const DEFAULT_ACQUIRER = 'DE';

export function bestMatchCountry(poiCountry: string, userCountry?: string): string {
  const known = (c: string | undefined) => !!c && (ACQUIRER_COUNTRIES as readonly string[]).includes(c.toUpperCase());
  if (known(poiCountry)) return poiCountry.toUpperCase();
  if (known(userCountry)) return (userCountry as string).toUpperCase();
  return DEFAULT_ACQUIRER;
}

export function bestMatchMerchant(
  ctx: AppContext,
  input: { poiCountry: string; userCountry?: string | undefined; providerMethod: string },
): MerchantConfig {
  const country = bestMatchCountry(input.poiCountry, input.userCountry);
  const w = ctx.env.wallets;
  return {
    // One merchant account per acquiring country, as a PSP sets them up: <merchant>-<country>.
    merchantId: `${w.merchantId}-${country.toLowerCase()}`,
    merchantName: w.merchantName,
    acquirer: { countryCode: country },
    applePayMerchantId: w.applePayMerchantId,
    gateway: w.googlePayGateway,
  };
}
