// The types of build-server.mjs (plain JavaScript: `npm run build` and scripts/start.mjs run it with node).
export function bundleServer(out?: string): Promise<string>;
