// Wire format of the wallet calls (pay-flows.md §3 Merchant config, §7 Payments): the merchant a wallet pays, Apple
// Pay's merchant session, Amazon Pay's signed button and checkout-session configs. Shared by app and server.
import { z } from 'zod';

export const WALLET_PROVIDER_METHODS = ['GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'] as const;

/** GET /v4/merchants/best-match?poiCountry&userCountry&providerMethod[&productType] */
export const merchantQuery = z.strictObject({
  poiCountry: z.string().regex(/^[A-Za-z]{2}$/),
  userCountry: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  providerMethod: z.enum(WALLET_PROVIDER_METHODS),
  productType: z.enum(['GAS', 'EV_CHARGE', 'CAR_WASH', 'GIFT_CARD']).optional(),
});

export const merchantConfig = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  acquirer: z.object({ countryCode: z.string() }),
  applePayMerchantId: z.string(),
  /** Google Pay's tokenizationSpecification gateway (PAYMENT_GATEWAY). */
  gateway: z.string(),
});
export type MerchantConfig = z.infer<typeof merchantConfig>;

/** POST /v4/apple-pay/session */
export const applePaySessionBody = z.strictObject({
  merchantIdentifier: z.string().min(1).max(200),
  displayName: z.string().min(1).max(64),
  initiative: z.literal('web'),
  initiativeContext: z.string().min(1).max(253),
});
/** Apple's opaque merchant session, handed to completeMerchantValidation as it is. */
export const applePaySession = z.looseObject({
  merchantSessionIdentifier: z.string(),
  epochTimestamp: z.number(),
  expiresAt: z.number(),
  nonce: z.string(),
  merchantIdentifier: z.string(),
  domainName: z.string(),
  displayName: z.string(),
  signature: z.string(),
});

const amount = z.string().regex(/^\d{1,9}\.\d{2}$/, 'an amount with 2 decimals, e.g. "12.34"');

/** POST v4/amazon-pay/session-config */
export const amazonSessionConfigBody = z.strictObject({
  authorizeAmount: z.strictObject({ currencyCode: z.string().regex(/^[A-Z]{3}$/), amount }),
  webCheckoutDetails: z.strictObject({
    checkoutResultReturnUrl: z.string().min(1).max(2000),
    checkoutCancelUrl: z.string().min(1).max(2000),
  }),
});

/** POST auth/amazon-pay/button-config */
export const amazonButtonConfigBody = z.strictObject({
  signInReturnUrl: z.string().min(1).max(2000),
  signInCancelUrl: z.string().min(1).max(2000),
});

/** A payload Amazon's checkout.js takes as it is: the JSON, its signature and the key that signed it. */
export const amazonSignedConfig = z.object({
  payloadJSON: z.string(),
  signature: z.string(),
  publicKeyId: z.string(),
  merchantId: z.string(),
  ledgerCurrency: z.string(),
  sandbox: z.boolean(),
});
export type AmazonSignedConfig = z.infer<typeof amazonSignedConfig>;
