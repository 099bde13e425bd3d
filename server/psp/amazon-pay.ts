// Amazon Pay's signed configs (pay-flows.md §7): POST v4/amazon-pay/session-config (the checkout session of a
// payment) and POST auth/amazon-pay/button-config (the sign-in button). The payload is signed as Amazon Pay API v2
// asks: RSASSA-PSS (SHA-256, salt 20) over "AMZN-PAY-RSASSA-PSS\n" + hex(sha256(payload)), with the key of
// AMAZON_PAY_PRIVATE_KEY_FILE / AMAZON_PAY_PUBLIC_KEY_ID. Without a key the sandbox signs with a key of its own made at
// start (publicKeyId SANDBOX): the sandbox wallet sheet plays Amazon and comes back with amazonCheckoutSessionId.
import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { AmazonSignedConfig, amazonButtonConfigBody, amazonSessionConfigBody } from '../../contract/wallets';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { ownUrl } from './wallet-urls';

let sandboxKey: KeyObject | null = null;
const keys = new Map<string, KeyObject>();

/** The merchant's own Amazon Pay key (AMAZON_PAY_PUBLIC_KEY_ID + AMAZON_PAY_PRIVATE_KEY_FILE), or null without it. */
export function amazonMerchantKey(ctx: AppContext): { key: KeyObject; publicKeyId: string } | null {
  const a = ctx.env.wallets.amazon;
  if (!a.privateKeyFile || !a.publicKeyId) return null;
  let key = keys.get(a.privateKeyFile);
  if (!key) {
    key = createPrivateKey(readFileSync(a.privateKeyFile));
    keys.set(a.privateKeyFile, key);
  }
  return { key, publicKeyId: a.publicKeyId };
}

/** The variable through which the cluster's primary hands its workers one sandbox key (server/index.ts). */
export const SANDBOX_AMAZON_KEY_VAR = 'FORECOURT_SANDBOX_AMAZON_KEY';

/** A new sandbox signing key, as PEM (PKCS #8). */
export function newSandboxAmazonKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

function signingKey(ctx: AppContext): { key: KeyObject; publicKeyId: string } {
  const merchant = amazonMerchantKey(ctx);
  if (merchant) return merchant;
  // A worker uses its primary's key; a single process makes its own.
  sandboxKey ??= createPrivateKey(process.env[SANDBOX_AMAZON_KEY_VAR] ?? newSandboxAmazonKey());
  return { key: sandboxKey, publicKeyId: 'SANDBOX' };
}

/**
 * Who answers Sign in with Amazon: Amazon itself with the merchant's key (Get Buyer, server/auth/amazon-pay-client.ts),
 * else the sandbox Amazon page in DEMO_MODE, else nobody (the button config answers 404 and the app hides the button:
 * the sandbox page lets anyone name any email, so it never runs outside DEMO_MODE).
 */
export function amazonSignInMode(ctx: AppContext): 'amazon' | 'sandbox' | 'off' {
  if (amazonMerchantKey(ctx)) return 'amazon';
  return ctx.env.demoMode ? 'sandbox' : 'off';
}

export const amazonSignInOff = () =>
  new DomainError('not_found', 'not_found', 'Sign in with Amazon is not set up on this server');

export function amazonSignature(key: KeyObject, payload: string): string {
  const toSign = `AMZN-PAY-RSASSA-PSS\n${createHash('sha256').update(payload).digest('hex')}`;
  return sign('sha256', Buffer.from(toSign), {
    key,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 20,
  }).toString('base64');
}

/** Whether `signature` is this merchant key's signature of `payload` (the sandbox sign-in page checks the button's). */
export function amazonSignatureValid(ctx: AppContext, payload: string, signature: string): boolean {
  const { key } = signingKey(ctx);
  const toSign = `AMZN-PAY-RSASSA-PSS\n${createHash('sha256').update(payload).digest('hex')}`;
  try {
    return verify(
      'sha256',
      Buffer.from(toSign),
      { key: createPublicKey(key), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

function signed(ctx: AppContext, payload: object, ledgerCurrency: string): AmazonSignedConfig {
  const payloadJSON = JSON.stringify(payload);
  const { key, publicKeyId } = signingKey(ctx);
  const a = ctx.env.wallets.amazon;
  return {
    payloadJSON,
    signature: amazonSignature(key, payloadJSON),
    publicKeyId,
    merchantId: a.merchantId ?? ctx.env.wallets.merchantId,
    ledgerCurrency,
    sandbox: a.sandbox || !a.privateKeyFile,
  };
}

const storeId = (ctx: AppContext) => ctx.env.wallets.amazon.storeId ?? 'amzn1.application-oa2-client.sandbox';

export function amazonSessionConfig(ctx: AppContext, body: z.infer<typeof amazonSessionConfigBody>) {
  const details = body.webCheckoutDetails;
  return signed(
    ctx,
    {
      webCheckoutDetails: {
        checkoutResultReturnUrl: ownUrl(
          ctx,
          'webCheckoutDetails.checkoutResultReturnUrl',
          details.checkoutResultReturnUrl,
        ),
        checkoutCancelUrl: ownUrl(ctx, 'webCheckoutDetails.checkoutCancelUrl', details.checkoutCancelUrl),
        checkoutMode: 'ProcessOrder',
      },
      storeId: storeId(ctx),
      chargePermissionType: 'OneTime',
      paymentDetails: {
        paymentIntent: 'Authorize',
        chargeAmount: { amount: body.authorizeAmount.amount, currencyCode: body.authorizeAmount.currencyCode },
        presentmentCurrency: body.authorizeAmount.currencyCode,
      },
      scopes: ['name', 'email', 'billingAddress'],
    },
    body.authorizeAmount.currencyCode,
  );
}

export function amazonButtonConfig(ctx: AppContext, body: z.infer<typeof amazonButtonConfigBody>) {
  if (amazonSignInMode(ctx) === 'off') throw amazonSignInOff();
  return signed(
    ctx,
    {
      signInReturnUrl: ownUrl(ctx, 'signInReturnUrl', body.signInReturnUrl),
      signInCancelUrl: ownUrl(ctx, 'signInCancelUrl', body.signInCancelUrl),
      storeId: storeId(ctx),
      signInScopes: ['name', 'email', 'billingAddress'],
    },
    'EUR',
  );
}

/** The sandbox key's public half (PEM), for checking its signatures (tests, a sandbox client); null with a real key. */
export function amazonSandboxPublicKey(): string | null {
  return sandboxKey ? createPublicKey(sandboxKey).export({ type: 'spki', format: 'pem' }).toString() : null;
}
