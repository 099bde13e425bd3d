import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  validateConfirmation,
  validateEmail,
  validatePassword,
  validateRequired,
  validateTerms,
} from '../../src/lib/validation';

describe('form validation (shell-and-account.md §5)', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['driver', 'format'],
    ['driver@', 'format'],
    ['driver@example', 'format'],
    ['dri ver@example.com', 'format'],
  ])('email %j is rejected as %s', (value, kind) => {
    expect(validateEmail(value)?.kind).toBe(kind);
  });
  it('accepts a valid email, with surrounding spaces', () => {
    expect(validateEmail(' driver@example.com ')).toBeNull();
  });
  it('password must have 8 to 40 characters', () => {
    expect(validatePassword('')?.kind).toBe('required');
    expect(validatePassword('a'.repeat(7))).toEqual({ kind: 'passwordLength', min: 8, max: 40 });
    expect(validatePassword('a'.repeat(8))).toBeNull();
    expect(validatePassword('a'.repeat(40))).toBeNull();
    expect(validatePassword('a'.repeat(41))?.kind).toBe('passwordLength');
  });
  it('the confirmation must match', () => {
    expect(validateConfirmation('secret-123', '')?.kind).toBe('required');
    expect(validateConfirmation('secret-123', 'secret-124')?.kind).toBe('mismatch');
    expect(validateConfirmation('secret-123', 'secret-123')).toBeNull();
  });
  it('terms must be accepted', () => {
    expect(validateTerms(false)?.kind).toBe('terms');
    expect(validateTerms(true)).toBeNull();
  });
  it('required fields', () => {
    expect(validateRequired(' ')?.kind).toBe('required');
    expect(validateRequired('x')).toBeNull();
  });
  it('hasErrors sees any error', () => {
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: undefined, b: { kind: 'required' } })).toBe(true);
  });
});
