// `npm run build`, second part: the API server as one ES module, dist-server/index.mjs, which `npm start` runs with
// plain node, and the migration command beside it (dist-server/migrate.mjs: `npm run migrate` in a container). The packages stay in node_modules (imported as they are); only our TypeScript is bundled. The database
// migrations are copied beside it (server/db/client.ts finds them next to itself).
// Why (issue 16): under `node --import tsx` every start compiled the server's TypeScript, and tsx's loader kept a
// thread with a V8 heap of its own for the life of the process (12-47 MiB of the server's resident memory on PGlite).
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/**
 * Bundles server/index.ts into `out`/index.mjs with the migrations beside it. `out` must be inside the repository:
 * the packages are imported from node_modules as they are. The server tier bundles into .tmp/ (tests/server/
 * global-setup.ts) and spawns that, as `npm start` runs dist-server.
 */
export async function bundleServer(out = join(root, 'dist-server')) {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { index: join(root, 'server/index.ts'), migrate: join(root, 'server/migrate.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Not minified and no source map: a logged stack names the bundle's functions as the source does, and the bundle
    // marks each source file (// server/app.ts).
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
  // The mails' catalogs (server/mail/i18n.ts finds them beside the bundle).
  for (const language of readdirSync(join(root, 'src/locales'))) {
    cpSync(join(root, 'src/locales', language, 'mail.po'), join(out, 'locales', language, 'mail.po'));
  }
  return join(out, 'index.mjs');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleServer();
  console.log('server bundled: dist-server/index.mjs');
}
