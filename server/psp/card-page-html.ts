// The sandbox provider's hosted card page: plain HTML written by the server, no script, its own strict CSP. The app
// never sees these fields; a real provider's page would sit on its own origin.

import { pageCsp } from '../http/security-headers';
import { escapeHtml as h } from '../mail/mailer';
import type { CardErrors, CardPageVisit } from './card-sessions';
import { SANDBOX_3DS_CODE } from './challenge-session';

export const CARD_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}main{max-width:26rem;margin:0 auto;padding:1.25rem 1rem 2rem}header{display:flex;align-items:center;gap:.5rem;margin-bottom:1rem}header b{font-size:1.1rem}.lock{font-size:.85rem;color:#374151}form{background:#fff;border-radius:12px;padding:1rem;box-shadow:0 1px 3px #0002}label{display:block;font-weight:600;margin:.75rem 0 .3rem}input{width:100%;box-sizing:border-box;min-height:44px;padding:.55rem .7rem;font-size:1rem;border:1px solid #6b7280;border-radius:8px}input[aria-invalid=true]{border-color:#b91c1c}.row{display:flex;gap:.75rem}.row>div{flex:1}.err{color:#b91c1c;margin:.3rem 0 0;font-size:.9rem}button{display:block;width:100%;min-height:48px;margin-top:1rem;font-size:1rem;font-weight:600;border-radius:8px;border:0;background:#1d4ed8;color:#fff}button.cancel{background:transparent;color:#1d4ed8;border:1px solid #1d4ed8}details{margin-top:1rem;font-size:.9rem}code{font-size:.9rem}table{border-collapse:collapse}td{padding:.15rem .5rem .15rem 0}h1{font-size:1.3rem;margin:.25rem 0 1rem}p.card{margin:0 0 .5rem}';
/** Its own inline style by hash, no script, posts to itself (then a redirect back to the app). */
export const CARD_PAGE_CSP = pageCsp({ styles: [CARD_PAGE_STYLE], forms: true });

const TEST_CARDS_TABLE = `<details><summary>Sandbox test cards</summary><table><tbody>
<tr><td><code>4242 4242 4242 4242</code></td><td>approves</td></tr>
<tr><td><code>4000 0000 0000 3220</code></td><td>asks for 3-D Secure</td></tr>
<tr><td><code>4000 0000 0000 0002</code></td><td>is declined</td></tr>
<tr><td><code>4000 0000 0000 9995</code></td><td>insufficient funds</td></tr>
<tr><td><code>4000 0000 0000 0069</code></td><td>expired card</td></tr>
</tbody></table><p>Any future expiry date, any name, any 3-digit code (4 for American Express).</p></details>`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${h(title)} – Sandbox Pay</title><style>${CARD_PAGE_STYLE}</style></head><body><main><header><b>Sandbox Pay</b><span class="lock">Secure card entry</span></header>${body}</main></body></html>`;
}

function field(opts: { id: string; label: string; error?: string | undefined; value?: string; attrs: string }): string {
  const invalid = opts.error ? ` aria-invalid="true" aria-describedby="${opts.id}-error"` : '';
  return `<div><label for="${opts.id}">${h(opts.label)}</label><input id="${opts.id}" name="${opts.id}" ${opts.attrs}${opts.value ? ` value="${h(opts.value)}"` : ''}${invalid}>${opts.error ? `<p class="err" id="${opts.id}-error">${h(opts.error)}</p>` : ''}</div>`;
}

/** The form. What was typed comes back on an error, except the card number and the security code (never echoed). */
export function cardPage(
  visit: CardPageVisit,
  opts: { errors?: CardErrors; holder?: string; expiry?: string } = {},
): string {
  const e = opts.errors ?? {};
  const edit = visit.kind === 'EDIT';
  const title = edit ? 'Update your card' : 'Add a card';
  const summary = Object.values(e).length ? `<p class="err" role="alert">Please check the highlighted fields.</p>` : '';
  const number = edit
    ? `<p class="card">${h(visit.card?.brand ?? 'Card')} •••• ${h(visit.card?.last4 ?? '')}</p>`
    : field({
        id: 'number',
        label: 'Card number',
        error: e.number,
        attrs: 'type="text" inputmode="numeric" autocomplete="cc-number" required maxlength="23"',
      });
  return page(
    title,
    `<h1>${h(title)}</h1><form method="post" action="/psp/cards/${h(visit.id)}" novalidate>${summary}${number}${field({
      id: 'holder',
      label: 'Name on card',
      error: e.holder,
      value: opts.holder ?? '',
      attrs: 'type="text" autocomplete="cc-name" required maxlength="100"',
    })}<div class="row">${field({
      id: 'expiry',
      label: 'Expiry (MM/YYYY)',
      error: e.expiry,
      value: opts.expiry ?? '',
      attrs: 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YYYY" required maxlength="7"',
    })}${field({
      id: 'cvc',
      label: 'Security code',
      error: e.cvc,
      attrs: 'type="password" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"',
    })}</div><button type="submit" name="action" value="save">${edit ? 'Save card' : 'Add card'}</button><button type="submit" class="cancel" name="action" value="cancel" formnovalidate>Cancel</button></form>${edit ? '' : TEST_CARDS_TABLE}`,
  );
}

export function expiredPage(): string {
  return page(
    'Link expired',
    '<h1>This link is no longer valid</h1><p>It was used already or is more than 15 minutes old. Go back to the app and start again.</p>',
  );
}

/** The issuer's 3-D Secure challenge page: the sandbox's code is shown on it (a real issuer texts it). */
export function challengePage(
  id: string,
  details: { amount: string; merchant: string; card: string },
  opts: { error?: string } = {},
): string {
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="code-error"' : '';
  return page(
    'Confirm your payment',
    `<h1>Confirm your payment</h1><form method="post" action="/psp/challenge/${h(id)}" novalidate><p class="card">Pay <b>${h(details.amount)}</b> to ${h(details.merchant)} with ${h(details.card)}.</p><p>Your bank sent a code to your phone. <i>Sandbox: the code is ${SANDBOX_3DS_CODE}.</i></p>${opts.error ? `<p class="err" role="alert">${h(opts.error)}</p>` : ''}<div><label for="code">Security code from your bank</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required${invalid}>${opts.error ? `<p class="err" id="code-error">${h(opts.error)}</p>` : ''}</div><button type="submit" name="action" value="approve">Confirm payment</button><button type="submit" class="cancel" name="action" value="deny" formnovalidate>Deny payment</button></form>`,
  );
}
