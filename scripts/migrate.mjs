// `npm run migrate`: applies the pending database migrations (server/migrate.ts) and exits. From the sources where they
// are (a checkout), else the bundle `npm run build` wrote (dist-server/migrate.mjs: the container has no sources).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const source = join(root, 'server', 'migrate.ts');
const args = existsSync(source) ? ['--import', 'tsx', source] : [join(root, 'dist-server', 'migrate.mjs')];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
