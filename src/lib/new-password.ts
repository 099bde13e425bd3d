// The check of a password being chosen, apart from lib/validation.ts: its rules (keyboard rows, sequences) load with
// the two forms that choose a password, not with every form of the pay path.
import { passwordWeakness } from '../../contract/plain/password';
import { type FieldError, validatePassword } from './validation';

/** A password being chosen (register, change): the length, then the weakness rules that need no list. */
export function validateNewPassword(value: string): FieldError | null {
  const length = validatePassword(value);
  if (length) return length;
  const reason = passwordWeakness(value);
  return reason ? { kind: 'weakPassword', reason } : null;
}
