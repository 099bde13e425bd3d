// The sandbox Amazon's sign-in page (DEMO_MODE only): what Amazon's "Sign in with Amazon" button opens. It checks the
// button config the app got from POST auth/amazon-pay/button-config (signed by our merchant key, return addresses of
// this app), lets the tester name the Amazon buyer, and sends the browser to signInReturnUrl?buyerToken=… (Cancel:
// signInCancelUrl). Plain HTML, no script, the sandbox provider pages' style and CSP.
import { z } from 'zod';
import type { AppContext } from '../context';
import { escapeHtml as h } from '../mail/mailer';
import { amazonSignatureValid } from '../psp/amazon-pay';
import { CARD_PAGE_STYLE } from '../psp/card-page-html';
import { ownUrl } from '../psp/wallet-urls';

export type SignInConfig = { payloadJSON: string; signature: string; returnUrl: string; cancelUrl: string };

const payloadShape = z.object({ signInReturnUrl: z.string(), signInCancelUrl: z.string() });

/** The button's signed config, checked as Amazon checks it; null when it is not ours or not intact. */
export function readSignInConfig(ctx: AppContext, payloadJSON: string, signature: string): SignInConfig | null {
  if (!payloadJSON || !signature || !amazonSignatureValid(ctx, payloadJSON, signature)) return null;
  try {
    const payload = payloadShape.parse(JSON.parse(payloadJSON));
    return {
      payloadJSON,
      signature,
      returnUrl: ownUrl(ctx, 'signInReturnUrl', payload.signInReturnUrl),
      cancelUrl: ownUrl(ctx, 'signInCancelUrl', payload.signInCancelUrl),
    };
  } catch {
    return null;
  }
}

export const buyerForm = z.object({
  name: z.string().trim().min(1, 'Enter the buyer’s name').max(100, 'At most 100 characters'),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
});
export type BuyerErrors = Partial<Record<'name' | 'email', string>>;

function field(id: 'name' | 'email', label: string, value: string, attrs: string, error?: string): string {
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div><label for="${id}">${h(label)}</label><input id="${id}" name="${id}" ${attrs} value="${h(value)}"${invalid}>${error ? `<p class="err" id="${id}-error">${h(error)}</p>` : ''}</div>`;
}

export function amazonSignInPage(
  config: SignInConfig,
  opts: { name?: string; email?: string; errors?: BuyerErrors } = {},
): string {
  const e = opts.errors ?? {};
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${h(value)}">`;
  const summary = Object.keys(e).length ? '<p class="err" role="alert">Please check the highlighted fields.</p>' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>Sign in – Sandbox Amazon</title><style>${CARD_PAGE_STYLE}</style></head><body><main><header><b>Sandbox Amazon</b><span class="lock">Sign in with Amazon</span></header><h1>Sign in with Amazon</h1><form method="post" action="/dev/amazon/sign-in" novalidate>${summary}<p class="card">This stands in for Amazon. Name the Amazon buyer to sign in as: Forecourt Pay receives this name and email.</p>${hidden('payloadJSON', config.payloadJSON)}${hidden('signature', config.signature)}${field('name', 'Name', opts.name ?? 'Erika Mustermann', 'type="text" autocomplete="name" required maxlength="100"', e.name)}${field('email', 'Email', opts.email ?? '', 'type="email" inputmode="email" autocomplete="email" required maxlength="254"', e.email)}<button type="submit" name="action" value="continue">Continue</button><button type="submit" class="cancel" name="action" value="cancel" formnovalidate>Cancel</button></form></main></body></html>`;
}

export function invalidConfigPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in link not valid – Sandbox Amazon</title><style>${CARD_PAGE_STYLE}</style></head><body><main><header><b>Sandbox Amazon</b></header><h1>This sign-in link is not valid</h1><p>Its signature does not match or it does not lead back to this app. Go back to the app and start again.</p></main></body></html>`;
}
