// `npm start`: build the app when the build is missing or older than its sources, the server's bundle likewise
// (dist-server/, scripts/build-server.mjs), then start the one server with plain node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeArgs } from './server-node-args.mjs';

// The first line says which mode this is, before any build output: server/env.ts demoModeOf's rule (DEMO_MODE as
// given, else on unless NODE_ENV=production); the server then prints what the mode opens.
const demoMode = process.env.DEMO_MODE?.trim()
  ? /^(true|1|yes)$/i.test(process.env.DEMO_MODE.trim())
  : process.env.NODE_ENV !== 'production';
console.log(`Starting Forecourt Pay in ${demoMode ? 'DEMO_MODE (demo data, sandbox payments)' : 'production mode'} …`);

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');
const bundled = join(root, 'dist-server', 'index.mjs');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];
const stale = !existsSync(built) || sources.some((s) => newest(join(root, s)) > statSync(built).mtimeMs);
if (stale || process.env.FORCE_BUILD === '1') {
  console.log('Building the app …');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The station link's first screen for the server (vite.config.ts ssrConfig), beside the app it renders.
  const ssr = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/ssr/station-page.tsx', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (ssr.status !== 0) process.exit(ssr.status ?? 1);
}
// The server and the contract it shares with the app; bundling takes about a second.
const serverSources = ['server', 'contract', 'package.json', 'scripts/build-server.mjs'];
if (
  !existsSync(bundled) ||
  serverSources.some((s) => newest(join(root, s)) > statSync(bundled).mtimeMs) ||
  process.env.FORCE_BUILD === '1'
) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [...serverNodeArgs(), bundled], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
