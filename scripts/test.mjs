// `npm test`: every tier in order — type-check, lint, unit, server, build + bundle budget, container check, browser.
// Stops at the first failing step and exits non-zero; prints how long each step took.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  // The layers of ARCHITECTURE.md: which folder may import which.
  ['boundaries', 'node', ['scripts/check-boundaries.mjs']],
  // The catalogs must hold every message of the code: extracting again changes nothing.
  ['i18n', 'node', ['scripts/check-catalogs.mjs']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['server', 'npx', ['vitest', 'run', '--project', 'server']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['budget', 'node', ['scripts/budget.mjs']],
  // No container engine here: the image's stages and compose's set-up run on the host (scripts/container-check.mjs).
  ['container', 'node', ['scripts/container-check.mjs']],
  ['e2e', 'npx', ['playwright', 'test']],
];
const only = process.argv.slice(2);
const timings = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
    process.exit(result.status || 1);
  }
}
console.log(`\n✓ all steps passed: ${timings.join(', ')}`);
