// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up

import { beforeAll, describe, expect, it } from 'vitest';
import { validateNewPassword } from '../../src/lib/new-password';
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
  it('a new password is also refused when it is only spaces or holds control characters (issue 10 §8)', () => {
    expect(validateNewPassword('a'.repeat(7))?.kind).toBe('passwordLength');
    expect(validateNewPassword(' '.repeat(8))).toEqual({ kind: 'weakPassword', reason: 'only_whitespace' });
    expect(validateNewPassword('\u0000'.repeat(8))).toEqual({ kind: 'weakPassword', reason: 'control_characters' });
    expect(validateNewPassword('good horse 42\t')).toEqual({ kind: 'weakPassword', reason: 'control_characters' });
    // 'common' needs the breached-password list, which only the server holds: the app shows the server's reason.
    expect(validateNewPassword('password')).toBeNull();
    expect(validateNewPassword('correct horse battery')).toBeNull();
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

describe('a weak password refused by the server is explained (issue 10 §8)', () => {
  // The catalogs are compiled from their .po files on first import (24 of them): that happens before the test, with
  // time of its own, not inside the test's 5 s (on a loaded machine it took longer and the test timed out).
  let loaded: {
    i18n: typeof import('@lingui/core').i18n;
    errorText: typeof import('../../src/i18n/messages').errorText;
    ApiError: typeof import('../../src/lib/http/errors').ApiError;
    catalogs: typeof import('./catalog').catalogs;
  };
  beforeAll(async () => {
    const [{ i18n }, { errorText }, { ApiError }, { catalogs }] = await Promise.all([
      import('@lingui/core'),
      import('../../src/i18n/messages'),
      import('../../src/lib/http/errors'),
      import('./catalog'),
    ]);
    loaded = { i18n, errorText, ApiError, catalogs };
  }, 120_000);

  it('names the reason the server gave, in the driver language', () => {
    const { i18n, errorText, ApiError, catalogs } = loaded;
    const { en, de } = catalogs;
    const weak = (reason: unknown) => new ApiError(422, 'weak_password', 'weak', { reason });
    i18n.loadAndActivate({ locale: 'en', messages: en });
    expect(errorText(i18n, weak('common'))).toMatch(/too common/);
    expect(errorText(i18n, weak('only_whitespace'))).toMatch(/spaces only/);
    expect(errorText(i18n, weak('control_characters'))).toMatch(/control characters/);
    // An unknown reason still says the password is refused, not a generic failure.
    expect(errorText(i18n, weak('new-reason'))).toMatch(/too common/);
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(errorText(i18n, weak('common'))).not.toMatch(/too common/);
  });

  it('says offline only when the phone is: a request lost on a working connection says the server was not reached', () => {
    const { i18n, errorText, ApiError, catalogs } = loaded;
    const lost = new ApiError(0, 'network_error');
    i18n.loadAndActivate({ locale: 'en', messages: catalogs.en });
    expect(errorText(i18n, lost, false)).toBe('You are offline');
    expect(errorText(i18n, lost, true)).toBe(
      'The server could not be reached. Please check your signal and try again.',
    );
    // Other codes do not depend on the connection.
    expect(errorText(i18n, new ApiError(0, 'timeout'), false)).toMatch(/did not answer in time/);
    expect(errorText(i18n, new ApiError(0, 'timeout'), true)).toMatch(/did not answer in time/);
    i18n.loadAndActivate({ locale: 'de', messages: catalogs.de });
    expect(errorText(i18n, lost, true)).not.toMatch(/could not be reached/);
  });
});
