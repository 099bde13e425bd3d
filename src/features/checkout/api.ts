// The wallet calls of the checkout (pay-flows.md §7 Payments): merchant config, Apple Pay session, Amazon Pay configs.
import type { z } from 'zod';
import type { amazonButtonConfigBody, amazonSessionConfigBody, applePaySessionBody } from '../../../contract/wallets';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the summary's code (lib/http/client.ts, issue 16).
const contract = () => import('../../../contract/wallets');
const merchantConfig = lazySchema(() => contract().then((m) => m.merchantConfig));
const applePaySession = lazySchema(() => contract().then((m) => m.applePaySession));
const amazonSignedConfig = lazySchema(() => contract().then((m) => m.amazonSignedConfig));

/** §5 "Google Pay waits up to 10 s for the merchant config" (§9 Wallet merchant config wait). */
export const MERCHANT_CONFIG_WAIT_MS = 10_000;

export const checkoutApi = {
  /** GET /v4/merchants/best-match?poiCountry&userCountry&providerMethod[&productType], waiting at most 10 s. */
  merchant: (input: { poiCountry: string; userCountry?: string; providerMethod: string; productType?: string }) =>
    api.request('v4/merchants/best-match', merchantConfig, {
      searchParams: input,
      signal: AbortSignal.timeout(MERCHANT_CONFIG_WAIT_MS),
    }),
  /** POST /v4/apple-pay/session: the merchant session Apple Pay JS validates the merchant with. */
  applePaySession: (body: z.infer<typeof applePaySessionBody>) =>
    api.request('v4/apple-pay/session', applePaySession, { method: 'POST', json: body }),
  /** POST v4/amazon-pay/session-config: the signed checkout-session config of Amazon's button. */
  amazonSessionConfig: (body: z.infer<typeof amazonSessionConfigBody>) =>
    api.request('v4/amazon-pay/session-config', amazonSignedConfig, { method: 'POST', json: body }),
  /** POST auth/amazon-pay/button-config: the signed config of Amazon's sign-in button. */
  amazonButtonConfig: (body: z.infer<typeof amazonButtonConfigBody>) =>
    api.request('auth/amazon-pay/button-config', amazonSignedConfig, { method: 'POST', json: body }),
};
