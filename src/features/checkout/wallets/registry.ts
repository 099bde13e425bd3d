// Which adapter plays each wallet: the sandbox sheet by default; the real wallet when the build says so
// (README "Configuration": VITE_GOOGLE_PAY=test|production, VITE_APPLE_PAY=real, VITE_AMAZON_PAY=real).
import { WALLETS, type WalletId, type WalletSupport } from '../model/wallets';
import { amazonPayAdapter } from './amazon-pay';
import { applePayAdapter } from './apple-pay';
import { googlePayAdapter } from './google-pay';
import { sandboxAdapter } from './sandbox';
import type { WalletAdapter } from './types';

const env = import.meta.env as Record<string, string | undefined>;

function adapterFor(id: WalletId): WalletAdapter {
  if (id === 'GOOGLE_PAY') {
    const mode = env.VITE_GOOGLE_PAY;
    if (mode === 'test') return googlePayAdapter('TEST');
    if (mode === 'production') return googlePayAdapter('PRODUCTION');
  }
  if (id === 'APPLE_PAY' && env.VITE_APPLE_PAY === 'real') return applePayAdapter();
  if (id === 'AMAZON_PAY' && env.VITE_AMAZON_PAY === 'real') return amazonPayAdapter();
  return sandboxAdapter(id);
}

export const walletAdapters: Record<WalletId, WalletAdapter> = {
  GOOGLE_PAY: adapterFor('GOOGLE_PAY'),
  APPLE_PAY: adapterFor('APPLE_PAY'),
  AMAZON_PAY: adapterFor('AMAZON_PAY'),
};

let support: Promise<WalletSupport> | null = null;

/** What this device supports, asked once per page load. */
export function deviceWalletSupport(): Promise<WalletSupport> {
  support ??= Promise.all(WALLETS.map((w) => walletAdapters[w].isAvailable().catch(() => false))).then(([g, a, z]) => ({
    GOOGLE_PAY: !!g,
    APPLE_PAY: !!a,
    AMAZON_PAY: !!z,
  }));
  return support;
}
