// The sandbox provider's PayPal vault page, Bluecode / Payconiq apps and MB WAY phone: plain HTML, no script, the card
// page's style and CSP.
import { escapeHtml as h } from '../mail/mailer';
// The card page's own style (its hash is in CARD_PAGE_CSP), so these pages share the CSP.
import { CARD_PAGE_STYLE as CARD_STYLE } from './card-page-html';

function page(brand: string, subtitle: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${h(title)} – ${h(brand)}</title><style>${CARD_STYLE}</style></head><body><main><header><b>${h(brand)}</b><span class="lock">${h(subtitle)}</span></header>${body}</main></body></html>`;
}

const buttons = (items: { value: string; label: string; cancel?: boolean }[]) =>
  items
    .map(
      (b) =>
        `<button type="submit" name="action" value="${h(b.value)}"${b.cancel ? ' class="cancel" formnovalidate' : ''}>${h(b.label)}</button>`,
    )
    .join('');

/** The PayPal vault: the sandbox account is the driver's own email; approve links it, deny refuses, close leaves. */
export function paypalPage(id: string, email: string): string {
  return page(
    'Sandbox PayPal',
    'Connect your account',
    'Link PayPal',
    `<h1>Link PayPal to Forecourt Pay</h1><form method="post" action="/psp/paypal/${h(id)}"><p class="card">Logged in as <b>${h(email)}</b> (sandbox account).</p><p>Forecourt Pay may charge this PayPal account for fuel, charging and car washes you pay for in the app. You can remove it at any time.</p>${buttons(
      [
        { value: 'approve', label: 'Agree and link' },
        { value: 'deny', label: 'Deny', cancel: true },
        { value: 'close', label: 'Close window', cancel: true },
      ],
    )}</form>`,
  );
}

/** The MB WAY app on the driver's phone: a mandate (registration) or one payment to approve before it times out. */
export function phonePage(
  id: string,
  ask:
    | { kind: 'mandate'; phoneNumber: string }
    | { kind: 'payment'; amount: string; merchant: string; phoneNumber: string },
  expiresAt: Date,
): string {
  const what =
    ask.kind === 'mandate'
      ? `<h1>Approve MB WAY for Forecourt Pay</h1><p class="card">Forecourt Pay asks to charge <b>${h(ask.phoneNumber)}</b> for fuel, charging and car washes.</p>`
      : `<h1>Approve the payment</h1><p class="card">Pay <b>${h(ask.amount)}</b> to ${h(ask.merchant)} with MB WAY ${h(ask.phoneNumber)}.</p>`;
  return page(
    'Sandbox MB WAY',
    'Your phone',
    ask.kind === 'mandate' ? 'Approve MB WAY' : 'Approve the payment',
    `${what}<p>This request times out at ${h(expiresAt.toISOString().slice(11, 19))} UTC.</p><form method="post" action="/psp/mbway/${h(id)}">${buttons(
      [
        { value: 'approve', label: 'Approve' },
        { value: 'deny', label: 'Decline', cancel: true },
        { value: 'timeout', label: 'Let it time out (sandbox)', cancel: true },
      ],
    )}</form>`,
  );
}

/**
 * A redirect method's app (sandbox Bluecode, Payconiq): link the driver's account (approve, deny, close the page), or
 * approve one payment (approve, refuse), which then goes back to the app with the payment-return group.
 */
export function redirectMethodPage(
  id: string,
  name: string,
  ask: { kind: 'link'; path: string; email: string } | { kind: 'pay'; amount: string; merchant: string },
): string {
  if (ask.kind === 'link') {
    return page(
      `Sandbox ${name}`,
      'Connect your account',
      `Link ${name}`,
      `<h1>Link ${h(name)} to Forecourt Pay</h1><form method="post" action="/psp/${h(ask.path)}/${h(id)}"><p class="card">Logged in as <b>${h(ask.email)}</b> (sandbox account).</p><p>You approve each payment in ${h(name)}. You can remove it at any time.</p>${buttons(
        [
          { value: 'approve', label: 'Agree and link' },
          { value: 'deny', label: 'Deny', cancel: true },
          { value: 'close', label: 'Close window', cancel: true },
        ],
      )}</form>`,
    );
  }
  return page(
    `Sandbox ${name}`,
    'Approve in the app',
    'Approve the payment',
    `<h1>Approve the payment</h1><form method="post" action="/psp/challenge/${h(id)}"><p class="card">Pay <b>${h(ask.amount)}</b> to ${h(ask.merchant)} with ${h(name)}.</p>${buttons(
      [
        { value: 'approve', label: 'Pay' },
        { value: 'deny', label: 'Refuse', cancel: true },
      ],
    )}</form>`,
  );
}
