// `node scripts/check-log-secrets.mjs FILE`: a server log holds no secret (issue 34). Run on the e2e server's log after
// the browser suite (tests/e2e/global-teardown.ts; scripts/e2e-server.mjs writes it to .tmp/e2e-server.log). Looks for
// the passwords the e2e tests type (every `password: '…'` and `PASSWORD = '…'` literal in tests/e2e), card numbers
// (13-19 digits passing the Luhn check, request ids and hex ids taken out first), Bearer headers and uncensored secret
// keys. The start line "Demo account: … / …" prints the demo password on purpose (DEMO_MODE) and is left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The passwords the e2e tests use, from their sources. */
export function e2ePasswords() {
  const out = new Set(['forecourt-demo']);
  const dir = join(root, 'tests', 'e2e');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const m of text.matchAll(/(?:password|PASSWORD)\w*\s*[:=]\s*'([^']{8,})'/g)) out.add(m[1]);
  }
  return [...out];
}

/** What in `log` looks like a secret: a list of findings (empty when clean). */
export function findSecrets(log, passwords = e2ePasswords()) {
  const lines = log.split('\n').filter((l) => !l.startsWith('Demo account: '));
  const text = lines.join('\n');
  const found = [];
  for (const p of passwords) if (text.includes(p)) found.push(`a test password (${p.slice(0, 3)}…)`);
  const scrubbed = text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'uuid')
    .replace(/[0-9a-f]{16,}/gi, 'hex');
  for (const m of scrubbed.matchAll(/(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g)) {
    if (luhn(m[0].replace(/\D/g, ''))) found.push(`a card number (…${m[0].slice(-4)})`);
  }
  if (/Bearer\s+[A-Za-z0-9_-]{16,}/.test(text)) found.push('a Bearer token');
  for (const m of text.matchAll(/"(password|newPassword|oldPassword|auth_token|token|cardNumber|cvc)":"([^"]*)"/g)) {
    if (m[2] !== '[redacted]') found.push(`an uncensored "${m[1]}"`);
  }
  return found;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-log-secrets.mjs FILE');
    process.exit(2);
  }
  const log = readFileSync(file, 'utf8');
  const found = findSecrets(log);
  const lines = log.split('\n').filter(Boolean).length;
  if (found.length > 0) {
    console.error(`${file}: ${found.length} secret(s) in ${lines} lines:\n  ${[...new Set(found)].join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${file}: no secret in ${lines} lines`);
}
