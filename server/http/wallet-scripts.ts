// The real wallets' scripts (features/checkout/wallets: Google Pay's pay.js, Amazon Pay's checkout.js) may run only in
// a build that turned that wallet on (VITE_GOOGLE_PAY=test|production, VITE_AMAZON_PAY=real; Apple Pay JS is built
// into Safari and loads nothing). The build names the wallets in a meta tag of index.html (scripts/connect-origins.ts);
// the server maps each NAME to fixed origins here, so the page can never widen its own CSP to another host.

export const WALLET_SCRIPTS_META = 'forecourt-wallet-scripts';

export type RealWallet = 'google-pay' | 'amazon-pay';

/** What each real wallet needs beyond 'self': its script, its calls and its payment sheet (Google's is a frame). */
export const WALLET_SOURCES: Record<RealWallet, { script: string[]; connect: string[]; frame: string[] }> = {
  'google-pay': {
    script: ['https://pay.google.com'],
    connect: ['https://pay.google.com'],
    frame: ['https://pay.google.com'],
  },
  'amazon-pay': {
    script: ['https://static-eu.payments-amazon.com'],
    connect: ['https://pay-api.amazon.eu'],
    frame: [],
  },
};

const NAMES = Object.keys(WALLET_SOURCES) as RealWallet[];

/** The real wallets a build turned on, from its env (the vite plugin writes them into index.html). */
export function walletsOfBuild(env: Record<string, string | undefined>): RealWallet[] {
  const on: RealWallet[] = [];
  if (env.VITE_GOOGLE_PAY === 'test' || env.VITE_GOOGLE_PAY === 'production') on.push('google-pay');
  if (env.VITE_AMAZON_PAY === 'real') on.push('amazon-pay');
  return on;
}

const META = new RegExp(`<meta\\s+name="${WALLET_SCRIPTS_META}"\\s+content="([^"]*)"`, 'i');

/** The wallets a built index.html declares: known names only, anything else is ignored. */
export function declaredWallets(html: string): RealWallet[] {
  const tokens = (META.exec(html)?.[1] ?? '').split(/\s+/);
  return NAMES.filter((name) => tokens.includes(name));
}

/** The sources these wallets add to each directive. */
export function walletSources(wallets: readonly RealWallet[], directive: 'script' | 'connect' | 'frame'): string[] {
  return [...new Set(wallets.flatMap((w) => WALLET_SOURCES[w][directive]))];
}
