// Debian's Chromium with the suite's flags (as playwright.config.ts) plus a spec's own: software WebGL, or none.
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumWith(args: string[]) {
  return {
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...BASE_ARGS, ...args] },
  };
}

/** WebGL without a GPU (STACK.md): MapLibre draws through SwiftShader. */
export const SOFTWARE_WEBGL = ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** No WebGL at all, like an old phone or a locked-down browser. */
export const NO_WEBGL = ['--disable-gpu', '--disable-webgl', '--disable-3d-apis'];
