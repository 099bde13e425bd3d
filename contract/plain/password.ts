// Plain part of the password contract (contract/password.ts re-exports it): the reasons and the rules that need no
// list, without zod (the app's messages and forms load at start-up).

export const weakPasswordReasons = ['control_characters', 'only_whitespace', 'common'] as const;
export type WeakPasswordReason = (typeof weakPasswordReasons)[number];

/**
 * Why a password is weak, for the rules that need no list; undefined when these pass. ('common' needs the breached-
 * password list, which only the server holds.)
 */
export function passwordWeakness(password: string): Exclude<WeakPasswordReason, 'common'> | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(password)) return 'control_characters';
  if (password.trim() === '') return 'only_whitespace';
  return undefined;
}
