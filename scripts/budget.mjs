// Budget check: the gzipped JavaScript the landing route loads must stay within 180 KiB (issue: foundation).
// Reads the Vite manifest: the entry and its static imports, the landing route's chunks and the English catalog.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_KIB = Number(process.env.BUDGET_KIB ?? 180);
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
entries.forEach(visit);
const landing = Object.keys(manifest).filter((key) => key.startsWith('src/routes/(public)/landing.tsx'));
if (landing.length === 0) throw new Error('landing route chunk not found in the manifest');
landing.forEach(visit);
const catalog = Object.keys(manifest).find((key) => key.startsWith('src/locales/en/messages.po'));
if (catalog) visit(catalog);

let total = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
const kib = total / 1024;
console.log(`landing route JavaScript: ${kib.toFixed(1)} KiB gzip (budget ${LIMIT_KIB} KiB)`);
if (kib > LIMIT_KIB) {
  console.error(`Budget exceeded by ${(kib - LIMIT_KIB).toFixed(1)} KiB`);
  process.exit(1);
}
