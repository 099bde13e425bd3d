// Plain part of the password contract (contract/password.ts re-exports it): the reasons and the rules that need no
// list, without zod (the app's messages and forms load at start-up).

import type { WeakPasswordReason } from './password-reasons';

export { type WeakPasswordReason, weakPasswordReasons } from './password-reasons';

/** Fewer different characters than this is refused ("aaaaaaaa", "12121212"). */
export const MIN_DISTINCT_CHARACTERS = 4;

/** Keyboard rows (QWERTY, QWERTZ, AZERTY) and the digit row: a password that is a run of one of them is a pattern. */
const ROWS = [
  '1234567890',
  'qwertyuiop',
  'qwertzuiop',
  'azertyuiop',
  'asdfghjkl',
  'qsdfghjklm',
  'zxcvbnm',
  'yxcvbnm',
  'wxcvbn',
];

/** A straight run of letters or digits up or down (abcdefgh, 87654321) or of a keyboard row (qwertyui), either way. */
function isSequence(lower: string): boolean {
  const codes = [...lower].map((ch) => ch.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if ((step === 1 || step === -1) && codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step)) {
    return true;
  }
  const reversed = [...lower].reverse().join('');
  return ROWS.some((row) => row.includes(lower) || row.includes(reversed));
}

/** A shorter block said again and again (12341234, passpass, abcabcab). */
function isRepetition(password: string): boolean {
  const chars = [...password];
  for (let size = 1; size <= chars.length / 2; size++) {
    if (chars.every((ch, i) => ch === chars[i % size])) return true;
  }
  return false;
}

/**
 * Why a password is weak, for the rules that need no list; undefined when these pass. ('common' needs the breached-
 * password list, which only the server holds.)
 */
export function passwordWeakness(password: string): Exclude<WeakPasswordReason, 'common'> | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(password)) return 'control_characters';
  if (password.trim() === '') return 'only_whitespace';
  if (new Set(password.toLowerCase()).size < MIN_DISTINCT_CHARACTERS) return 'few_distinct';
  if (isSequence(password.toLowerCase()) || isRepetition(password.toLowerCase())) return 'pattern';
  return undefined;
}
