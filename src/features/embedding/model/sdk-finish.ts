// The end of an embedded flow whose callback is the literal "true" (pay-flows.md §4: "leads to a finish address of the
// embedding SDK"): /sdk/finish hands the result to whoever opened the app — the page that framed it
// (window.parent), the page that opened it (window.opener), or a native app's WebView bridge — and says it is done.
// Only to origins the host-app allowlist trusts: a postMessage always names its target origin, never "*", so a page
// of another origin that framed the app learns nothing. Pure: the window is passed in (tests give a stand-in).
import { type CallbackPolicy, isLoopbackHost, normalizeOrigin } from '../../../../contract/plain/host-apps';

/** The message's `type`: a host listens for this. */
export const FINISH_MESSAGE = 'forecourt-pay-finish';

export type FinishAmount = { amount: number; currency: string; precision: number };
/** What the flow hands back: the order id, its state and the amount (as a URL callback's paymentData). */
export type FinishResult = { orderId?: string; state?: string; amount?: FinishAmount | null };
export type FinishMessage = { type: typeof FINISH_MESSAGE; paymentData: FinishResult };

const isAmount = (v: unknown): v is FinishAmount =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as FinishAmount).amount) &&
  typeof (v as FinishAmount).currency === 'string' &&
  Number.isInteger((v as FinishAmount).precision);

/** The paymentData query parameter (JSON) read defensively: only the three known keys, each only when well-formed. */
export function parsePaymentData(raw: string | undefined): FinishResult {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const v = value as Record<string, unknown>;
  const result: FinishResult = {};
  if (typeof v.orderId === 'string' && v.orderId.length <= 100) result.orderId = v.orderId;
  if (typeof v.state === 'string' && v.state.length <= 40) result.state = v.state;
  if (v.amount === null) result.amount = null;
  else if (isAmount(v.amount)) result.amount = v.amount;
  return result;
}

export type FinishOutcome = 'paid' | 'cancelled' | 'ended';
const NOT_PAID = /^(CANCELLED|FAILED|REJECTED|PROBLEM)/;
/** What the screen says: paid (an order that went through), cancelled (the cancel page's states too), or just ended. */
export function finishOutcome(result: FinishResult): FinishOutcome {
  if (result.state && /^CANCELLED/.test(result.state)) return 'cancelled';
  if (result.state && NOT_PAID.test(result.state)) return 'ended';
  return result.orderId && result.state ? 'paid' : 'ended';
}

/** The parts of `window` the hand-back uses. */
export type HostWindow = {
  location: { origin: string; ancestorOrigins?: { length: number; [index: number]: string } };
  parent: unknown;
  opener: unknown;
  ReactNativeWebView?: { postMessage(data: string): void };
  webkit?: { messageHandlers?: { forecourtPay?: { postMessage(data: unknown): void } } };
  ForecourtPayAndroid?: { postMessage(data: string): void };
};
type Poster = { postMessage(message: unknown, targetOrigin: string): void };

/** Origins a result may be posted to: this app's own, the allowlist's, and in DEMO_MODE a loopback host's. */
export function trustedOrigin(origin: string, policy: CallbackPolicy, ownOrigin: string): boolean {
  const normal = normalizeOrigin(origin);
  if (!normal) return false;
  if (normal === ownOrigin) return true;
  if (policy.origins.some((o) => normalizeOrigin(o) === normal)) return true;
  return policy.demoMode && isLoopbackHost(new URL(normal).hostname);
}

/**
 * The origins to post to a window: the framing page's own origin when the browser tells it (Chromium's
 * location.ancestorOrigins) and it is trusted; otherwise each trusted origin in turn (the browser delivers only to
 * the one the window has).
 */
function targetsFor(win: HostWindow, policy: CallbackPolicy, framing: boolean): string[] {
  const own = win.location.origin;
  const ancestor = framing ? win.location.ancestorOrigins?.[0] : undefined;
  if (ancestor !== undefined) return trustedOrigin(ancestor, policy, own) ? [ancestor] : [];
  const all = [own, ...policy.origins.map(normalizeOrigin).filter((o): o is string => o !== null)];
  return [...new Set(all)];
}

/** Hands the result back on every channel there is; returns the channels used (for the screen and for tests). */
export function handBack(win: HostWindow, result: FinishResult, policy: CallbackPolicy): string[] {
  const message: FinishMessage = { type: FINISH_MESSAGE, paymentData: result };
  const used: string[] = [];
  const post = (target: unknown, name: string, framing: boolean) => {
    if (!target || target === win || typeof (target as Poster).postMessage !== 'function') return;
    for (const origin of targetsFor(win, policy, framing)) {
      try {
        (target as Poster).postMessage(message, origin);
        used.push(`${name} ${origin}`);
      } catch {
        // A closed opener or a window of another origin that throws: the other channels still go.
      }
    }
  };
  post(win.parent, 'parent', true);
  post(win.opener, 'opener', false);
  const json = JSON.stringify(message);
  if (win.ReactNativeWebView) {
    win.ReactNativeWebView.postMessage(json);
    used.push('ReactNativeWebView');
  }
  if (win.webkit?.messageHandlers?.forecourtPay) {
    win.webkit.messageHandlers.forecourtPay.postMessage(message);
    used.push('webkit.messageHandlers.forecourtPay');
  }
  if (win.ForecourtPayAndroid) {
    win.ForecourtPayAndroid.postMessage(json);
    used.push('ForecourtPayAndroid');
  }
  return used;
}
