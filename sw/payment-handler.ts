/// <reference lib="webworker" />
// The sandbox wallet's payment handler (issue 11; server/psp/sandbox-wallet-handler.ts installs this worker for the
// method just in time). A PaymentRequest for the sandbox method reaches `paymentrequest` here: we open the wallet
// window, and its answer (postMessage from /psp/pay/wallet) resolves the request with the token and the payer's
// contact, or rejects it when the driver cancels (the app treats that as a closed wallet sheet: silent).

declare const self: ServiceWorkerGlobalScope;

/** The answer the wallet window posts. */
type WalletAnswer = { type: 'SANDBOX_WALLET_ANSWER'; ok: boolean; details?: Record<string, unknown> };

/** The payment request event (not yet in TypeScript's WebWorker lib). */
type PaymentRequestEvent = ExtendableEvent & {
  methodData: Array<{ supportedMethods: string }>;
  total: { currency: string; value: string };
  topOrigin: string;
  respondWith(response: Promise<{ methodName: string; details: Record<string, unknown> }>): void;
  openWindow(url: string): Promise<WindowClient | null>;
};

export const WALLET_WINDOW_PATH = '/psp/pay/wallet';

let pending: {
  methodName: string;
  resolve: (r: { methodName: string; details: Record<string, unknown> }) => void;
  reject: (e: Error) => void;
} | null = null;

function settle(answer: WalletAnswer): void {
  const p = pending;
  if (!p) return;
  pending = null;
  if (answer.ok && answer.details && typeof answer.details.token === 'string') {
    p.resolve({ methodName: p.methodName, details: answer.details });
  } else {
    p.reject(new DOMException('The driver cancelled the sandbox wallet', 'AbortError'));
  }
}

export function installPaymentHandler(): void {
  // Installed for the method: it can always pay with the sandbox (test tokens only).
  self.addEventListener('canmakepayment', (event) => {
    (event as ExtendableEvent & { respondWith(r: Promise<boolean> | boolean): void }).respondWith(true);
  });

  self.addEventListener('paymentrequest', (event) => {
    const e = event as PaymentRequestEvent;
    // One wallet window at a time: a newer request ends an older one.
    pending?.reject(new Error('A newer payment request replaced this one'));
    pending = null;
    const methodName = e.methodData[0]?.supportedMethods ?? '';
    const url = new URL(WALLET_WINDOW_PATH, self.location.origin);
    url.searchParams.set('value', e.total.value);
    url.searchParams.set('currency', e.total.currency);
    e.respondWith(
      new Promise((resolve, reject) => {
        pending = { methodName, resolve, reject };
        e.openWindow(url.toString()).then(
          (client) => {
            if (!client) settle({ type: 'SANDBOX_WALLET_ANSWER', ok: false });
          },
          () => settle({ type: 'SANDBOX_WALLET_ANSWER', ok: false }),
        );
      }),
    );
  });

  // Only the wallet window of our own origin may answer.
  self.addEventListener('message', (event) => {
    const data = event.data as Partial<WalletAnswer> | null;
    if (data?.type !== 'SANDBOX_WALLET_ANSWER') return;
    const source = event.source as WindowClient | null;
    if (!source || !('url' in source)) return;
    const from = new URL(source.url);
    if (from.origin !== self.location.origin || from.pathname !== WALLET_WINDOW_PATH) return;
    settle({ type: 'SANDBOX_WALLET_ANSWER', ok: data.ok === true, details: data.details });
  });
}
