// The app's build-time remote origins (issue 15: a remote map style; also an API or maintenance file elsewhere) are
// written into index.html as a meta tag; the server adds them to the page's CSP connect-src (server/http/static.ts), so
// building with VITE_MAP_STYLE_URL=https://… works without also setting CSP_CONNECT_ORIGINS. Tile and glyph hosts that
// the style itself names are not known at build time: those still go in CSP_CONNECT_ORIGINS (README, Map style).
import type { Plugin } from 'vite';
import { CONNECT_ORIGINS_META, remoteOrigins } from '../server/http/connect-origins.ts';
import { type RealWallet, WALLET_SCRIPTS_META, walletsOfBuild } from '../server/http/wallet-scripts.ts';

const KEYS = ['VITE_MAP_STYLE_URL', 'VITE_API_BASE_URL', 'VITE_MAINTENANCE_URL'] as const;

export function connectOriginsPlugin(): Plugin {
  let origins: string[] = [];
  // The real wallets this build turned on: the server lets their scripts run (server/http/wallet-scripts.ts).
  let wallets: RealWallet[] = [];
  return {
    name: 'forecourt-connect-origins',
    apply: 'build',
    configResolved(config) {
      origins = remoteOrigins(KEYS.map((k) => config.env[k] as string | undefined));
      wallets = walletsOfBuild(config.env as Record<string, string | undefined>);
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [
          ...(origins.length > 0
            ? [
                {
                  tag: 'meta',
                  attrs: { name: CONNECT_ORIGINS_META, content: origins.join(' ') },
                  injectTo: 'head-prepend' as const,
                },
              ]
            : []),
          ...(wallets.length > 0
            ? [
                {
                  tag: 'meta',
                  attrs: { name: WALLET_SCRIPTS_META, content: wallets.join(' ') },
                  injectTo: 'head-prepend' as const,
                },
              ]
            : []),
        ];
      },
    },
  };
}
