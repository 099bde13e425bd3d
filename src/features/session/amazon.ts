// "Sign in with Amazon" (shell-and-account.md §2.1 /amazonSSORedirect). The button's config is signed by our server
// (POST auth/amazon-pay/button-config); Amazon's sign-in page — the sandbox Amazon on our server — sends the driver to
// signInReturnUrl = /amazonSSORedirect?buyerToken=… (Cancel: signInCancelUrl, the page the button was on).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type amazonButtonConfigBody, amazonSignedConfig } from '../../../contract/wallets';
import { api } from '../../lib/http/index';
import { loadScript } from '../../lib/load-script';

/** POST auth/amazon-pay/button-config: the signed config of the button. Here, not in api.ts: only the sign-in pages
 * (lazily loaded) need the wallet contract, the landing does not. */
const buttonConfig = (body: z.infer<typeof amazonButtonConfigBody>) =>
  api.request('auth/amazon-pay/button-config', amazonSignedConfig, { method: 'POST', json: body });

/** The sandbox Amazon's sign-in page (server/routes/amazon-sign-in.ts): it stands in for Amazon's. */
const SANDBOX_SIGN_IN_PATH = '/dev/amazon/sign-in';

export type AmazonSignInOptions = {
  /** The page the button is on: Cancel comes back here, with what the driver had typed. */
  from: '/login' | '/register';
  redirect?: string | undefined;
  email?: string | undefined;
  referralCode?: string | undefined;
};

/**
 * The signed config of the button for this page. A server without Amazon sign-in (no Amazon Pay key, not DEMO_MODE)
 * answers 404: the page then shows no button.
 */
export function amazonSignInConfig(opts: AmazonSignInOptions) {
  const origin = window.location.origin;
  const back = new URL('/amazonSSORedirect', origin);
  if (opts.redirect) back.searchParams.set('redirect', opts.redirect);
  // The friend's code travels in the signed return address: Amazon hands it back with the buyer token.
  if (opts.referralCode) back.searchParams.set('referralCode', opts.referralCode);
  const cancel = new URL(opts.from, origin);
  if (opts.redirect) cancel.searchParams.set('redirect', opts.redirect);
  if (opts.email) cancel.searchParams.set('email', opts.email);
  if (opts.referralCode) cancel.searchParams.set('referralCode', opts.referralCode);
  return buttonConfig({ signInReturnUrl: back.toString(), signInCancelUrl: cancel.toString() });
}

/**
 * The signed config as a query keyed on what the driver typed (the page, where to go after, email, friend's code):
 * each value the button shows or leaves with is asked for once, then read from the cache while fresh.
 */
export const amazonSignInConfigQuery = (opts: AmazonSignInOptions) =>
  queryOptions({
    queryKey: [
      'session',
      'amazon-sign-in-config',
      opts.from,
      opts.redirect ?? '',
      opts.email ?? '',
      opts.referralCode ?? '',
    ] as const,
    queryFn: () => amazonSignInConfig(opts),
    staleTime: 5 * 60_000,
    // Each one names an email typed on the way: not kept (nor persisted) past its use.
    gcTime: 5 * 60_000,
  });

/** Leaves for Amazon's sign-in page with the signed config. */
export function openAmazonSignIn(config: z.infer<typeof amazonSignedConfig>): void {
  const page = new URL(SANDBOX_SIGN_IN_PATH, window.location.origin);
  page.searchParams.set('payloadJSON', config.payloadJSON);
  page.searchParams.set('signature', config.signature);
  page.searchParams.set('publicKeyId', config.publicKeyId);
  window.location.assign(page.toString());
}

// Amazon's own sign-in (VITE_AMAZON_PAY=real, as the Amazon Pay wallet): Amazon's checkout.js draws its "Sign in with
// Amazon" button with the signed config, and Amazon's page sends the driver to signInReturnUrl with the buyer token
// (the server then reads the buyer with Get Buyer). Amazon's button starts the redirect itself, so it is drawn in
// place of ours, again whenever the config changes (what the driver typed travels in the return and cancel URLs).
// Such a build names Amazon Pay in index.html, and the server's CSP then allows its script (server/http/wallet-scripts.ts).
export const realAmazonSignIn = import.meta.env.VITE_AMAZON_PAY === 'real';
const CHECKOUT_JS = 'https://static-eu.payments-amazon.com/checkout.js';
/** The EU region's page languages; the others see English. */
const CHECKOUT_LANGUAGES: Record<string, string> = { de: 'de_DE', fr: 'fr_FR', it: 'it_IT', es: 'es_ES' };

/** The options of amazon.Pay.renderButton for the sign-in button (Amazon Sign-in, "Render the button"). */
export function amazonSignInButtonOptions(config: z.infer<typeof amazonSignedConfig>, language: string) {
  return {
    merchantId: config.merchantId,
    ledgerCurrency: config.ledgerCurrency,
    sandbox: config.sandbox,
    checkoutLanguage: CHECKOUT_LANGUAGES[language] ?? 'en_GB',
    productType: 'SignIn',
    placement: 'Other',
    buttonColor: 'Gold',
    signInConfig: { payloadJSON: config.payloadJSON, signature: config.signature, publicKeyId: config.publicKeyId },
  };
}

type AmazonGlobal = { Pay: { renderButton(selector: string, options: object): unknown } };

/** Draws Amazon's sign-in button into `container` (which needs an id), replacing what was there. */
export async function renderAmazonSignIn(
  container: HTMLElement,
  config: z.infer<typeof amazonSignedConfig>,
  language: string,
): Promise<void> {
  await loadScript(CHECKOUT_JS);
  const amazon = (window as unknown as { amazon?: AmazonGlobal }).amazon;
  if (!amazon) throw new Error('Amazon Pay did not load');
  container.replaceChildren();
  amazon.Pay.renderButton(`#${container.id}`, amazonSignInButtonOptions(config, language));
}
