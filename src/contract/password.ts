// Password rules beyond the length (shell-and-account.md §5: 8 to 40 characters, in auth.ts). The server refuses a
// weak password on register and change-password with 422 `weak_password` and `details: {reason}`; the app can check
// the first two reasons itself (passwordWeakness) and shows a translated text per reason.
import { z } from 'zod';

export const weakPasswordReasons = ['control_characters', 'only_whitespace', 'common'] as const;
export type WeakPasswordReason = (typeof weakPasswordReasons)[number];
export const weakPasswordDetails = z.object({ reason: z.enum(weakPasswordReasons) });

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
