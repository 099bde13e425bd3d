// The catalogs must hold every message of the code: extracting again must change nothing.
// (Compares file contents before and after `lingui extract`, so it works in a dirty tree and without git.)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../src/locales/', import.meta.url).pathname;
// Every catalog of every language (shell.po and one per area, lingui.config.ts).
const read = () =>
  Object.fromEntries(
    readdirSync(dir).flatMap((l) =>
      readdirSync(join(dir, l))
        .filter((f) => f.endsWith('.po'))
        .map((f) => [`${l}/${f}`, readFileSync(join(dir, l, f), 'utf8')]),
    ),
  );
const before = read();
const result = spawnSync('npx', ['lingui', 'extract'], { stdio: 'pipe', encoding: 'utf8' });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
const after = read();
const changed = Object.keys(after).filter((l) => after[l] !== before[l]);
if (changed.length) {
  console.error(
    `Catalogs were out of date (${changed.join(', ')}): they are extracted now; translate the new entries and commit.`,
  );
  process.exit(1);
}
console.log(`catalogs current: ${Object.keys(after).length} catalogs in ${readdirSync(dir).length} languages`);
