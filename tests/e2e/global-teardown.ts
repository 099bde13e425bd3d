// After the browser suite: the e2e server's whole log (scripts/e2e-server.mjs writes it to .tmp/e2e-server.log) holds
// no password the tests typed, no card number, no token (scripts/check-log-secrets.mjs; issue 34).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSecrets } from '../../scripts/check-log-secrets.mjs';

export default function globalTeardown() {
  const file = join(new URL('../..', import.meta.url).pathname, '.tmp', 'e2e-server.log');
  if (!existsSync(file)) throw new Error(`${file} is missing: the e2e server writes its log there`);
  const log = readFileSync(file, 'utf8');
  const found = findSecrets(log);
  if (found.length > 0) throw new Error(`The e2e server's log holds secrets: ${[...new Set(found)].join(', ')}`);
  if (!log.includes('"route":"/api/')) throw new Error(`${file} has no request lines to search`);
}
