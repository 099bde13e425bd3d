// Weak passwords (contract/password.ts) are refused on register and change-password: control characters, only
// whitespace, one of the ~49,000 common breached passwords of @zxcvbn-ts/language-common (offline; compared in
// lower case, so "Password1" counts as "password1"), fewer than 4 different characters, or a plain sequence or
// repetition that no list holds all of (abcdefgh, 12341234: issue 32.7). The list is loaded once, on first use.
import { passwordWeakness, type WeakPasswordReason } from '../../contract/password';
import { DomainError } from '../errors';

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set((m.dictionary['passwords-common'] as (string | number)[]).map((p) => String(p).toLowerCase())),
  );
  return common;
}

export async function weakPasswordReason(password: string): Promise<WeakPasswordReason | undefined> {
  const simple = passwordWeakness(password);
  if (simple === 'control_characters' || simple === 'only_whitespace') return simple;
  // A breached password is named so even when it is also a pattern ("12345678").
  if ((await commonPasswords()).has(password.toLowerCase())) return 'common';
  return simple;
}

const MESSAGES: Record<WeakPasswordReason, string> = {
  control_characters: 'The password must not contain control characters',
  only_whitespace: 'The password must not be only spaces',
  common: 'This password is too common: it appears in lists of breached passwords',
  few_distinct: 'The password must use at least 4 different characters',
  pattern: 'The password is a plain sequence or repetition (like abcdefgh or 12341234)',
};

/** Throws 422 weak_password with details {reason} for a weak password. */
export async function assertStrongPassword(password: string): Promise<void> {
  const reason = await weakPasswordReason(password);
  if (reason) throw new DomainError('unprocessable', 'weak_password', MESSAGES[reason], { reason });
}
