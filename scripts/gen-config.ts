// `npm run config:docs`: writes docs/configuration.md and .env.example from server/env.ts (scripts/config-docs.ts).
// `--check`: writes nothing, exits 1 when either file is not current.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONFIG_DOC_FILES, renderConfigMarkdown, renderEnvExample } from './config-docs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const check = process.argv.includes('--check');
const files = [
  [CONFIG_DOC_FILES.markdown, renderConfigMarkdown()],
  [CONFIG_DOC_FILES.example, renderEnvExample()],
] as const;
let stale = 0;
for (const [file, text] of files) {
  const path = join(root, file);
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  if (check) {
    console.error(`${file} is not current: run \`npm run config:docs\` and commit it`);
    stale++;
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${file}`);
}
process.exit(stale ? 1 : 0);
