// The sandbox wallet as a payment handler for the Payment Request API (issue 11). Its payment method identifier is
// a URL on our own origin, SANDBOX_WALLET_METHOD_PATH: a browser that supports payment handlers fetches it, follows
// its Link header to the payment method manifest, reads the wallet's web app manifest, and installs the service
// worker it names (the app's own /sw.js, scope /) just in time. The service worker's `paymentrequest` handler
// (sw/payment-handler.ts) then opens the wallet window below; the driver approves or cancels there, and the window
// posts the answer to the service worker, which resolves (or rejects) the app's PaymentRequest.show().
// The window hands over what the app's drawn sandbox sheet hands over (features/checkout/wallets/sandbox.ts): a
// sandbox approve token (psp/wallet-tokens.ts) and the test payer's email and billing address.
import { Hono } from 'hono';
import { pageCsp } from '../http/security-headers';
import type { AppEnv } from '../http/types';
import { escapeHtml as h } from '../mail/mailer';
import { CARD_PAGE_STYLE } from './card-page-html';

export const SANDBOX_WALLET_METHOD_PATH = '/psp/pay';
const MANIFEST_PATH = `${SANDBOX_WALLET_METHOD_PATH}/payment-method-manifest.json`;
const APP_MANIFEST_PATH = `${SANDBOX_WALLET_METHOD_PATH}/wallet-app.webmanifest`;
export const SANDBOX_WALLET_WINDOW_PATH = `${SANDBOX_WALLET_METHOD_PATH}/wallet`;

/** The test payer the wallet hands over: the same as the drawn sheet's SANDBOX_CONTACT (a unit test keeps them equal). */
export const WALLET_WINDOW_CONTACT = {
  email: 'wallet.tester@example.com',
  firstName: 'Wally',
  lastName: 'Tester',
  address: { street: 'Teststraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
} as const;

/** The wallet window's script: approve posts a fresh approve token and the contact, cancel posts a refusal. */
const WINDOW_SCRIPT = `(function(){
var contact=${JSON.stringify(WALLET_WINDOW_CONTACT)};
function send(answer){
  document.querySelectorAll('button').forEach(function(b){b.disabled=true;});
  navigator.serviceWorker.ready.then(function(reg){reg.active.postMessage(Object.assign({type:'SANDBOX_WALLET_ANSWER'},answer));});
}
document.getElementById('approve').addEventListener('click',function(){
  var token='sbx_wallet_approve_'+crypto.randomUUID().replace(/-/g,'');
  send({ok:true,details:Object.assign({token:token},contact)});
});
document.getElementById('cancel').addEventListener('click',function(){send({ok:false});});
})();`;

const WINDOW_STYLE = `${CARD_PAGE_STYLE}.total{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}dl{margin:0 0 1rem}dt{font-size:.85rem;color:#374151}dd{margin:0 0 .5rem}`;
const WINDOW_CSP = pageCsp({ styles: [WINDOW_STYLE], scripts: [WINDOW_SCRIPT] });

/** A decimal amount and an ISO currency as the Payment Request API gives them, or null. */
function moneyOf(value: string | undefined, currency: string | undefined): string | null {
  if (!value || !currency || !/^\d{1,9}(\.\d{1,3})?$/.test(value) || !/^[A-Z]{3}$/.test(currency)) return null;
  return `${currency} ${value}`;
}

/** The wallet window: the amount the service worker passed (from the PaymentRequestEvent's total), approve or cancel. */
export function walletWindowPage(q: { value?: string | undefined; currency?: string | undefined }): string {
  const total = moneyOf(q.value, q.currency);
  const c = WALLET_WINDOW_CONTACT;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>Sandbox wallet – Sandbox Pay</title><style>${WINDOW_STYLE}</style></head><body><main><header><b>Sandbox Pay</b><span class="lock">Sandbox wallet</span></header><h1>Pay with the sandbox wallet</h1><p class="total" id="total">${total ? h(total) : 'Amount unknown'}</p><dl><dt>Email</dt><dd>${h(c.email)}</dd><dt>Billing address</dt><dd>${h(`${c.firstName} ${c.lastName}, ${c.address.street}, ${c.address.zip} ${c.address.city}, ${c.address.countryCode}`)}</dd></dl><button type="button" id="approve"${total ? '' : ' disabled'}>Approve${total ? ` ${h(total)}` : ''}</button><button type="button" id="cancel" class="cancel">Cancel</button></main><script>${WINDOW_SCRIPT}</script></body></html>`;
}

/** Its routes under SANDBOX_WALLET_METHOD_PATH; origin: the server's public origin (the app's, where the method lives). */
export function sandboxWalletHandlerRoutes(origin: string) {
  const r = new Hono<AppEnv>();
  const manifest = { default_applications: [`${origin}${APP_MANIFEST_PATH}`], supported_origins: [] };

  // The payment method identifier: a HEAD or GET answers with the Link to its manifest (and the manifest itself).
  r.on(['GET', 'HEAD'], '/', (c) => {
    c.header('Link', `<${MANIFEST_PATH}>; rel="payment-method-manifest"`);
    c.header('Cache-Control', 'no-store');
    return c.json(manifest);
  });
  r.get('/payment-method-manifest.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(manifest);
  });
  // The wallet's web app manifest: its name, icon and the service worker that handles `paymentrequest`.
  r.get('/wallet-app.webmanifest', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'application/manifest+json');
    return c.body(
      JSON.stringify({
        name: 'Sandbox wallet',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        serviceworker: { src: '/sw.js', scope: '/', use_cache: false },
      }),
    );
  });
  r.get('/wallet', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', WINDOW_CSP);
    return c.html(walletWindowPage({ value: c.req.query('value'), currency: c.req.query('currency') }));
  });
  return r;
}
