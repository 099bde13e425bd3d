import { describe, expect, it } from 'vitest';
import { isValidPortugueseNif, normalizeTaxId } from '../../contract/tax-id';
import { validatePhone, validateTaxId } from '../../src/features/profile/model/account-form';

describe('Tax ID must be valid for Portugal (shell-and-account.md §5)', () => {
  it.each([
    ['501442600', true],
    ['123456789', true],
    ['287024008', true],
    ['999999990', true],
    ['PT 501 442 600', true],
    ['501.442.600', true],
    ['501442601', false], // wrong check digit
    ['50144260', false], // eight digits
    ['5014426000', false], // ten digits
    ['412345670', false], // no taxpayer kind starts with 41
    ['ABCDEFGHI', false],
    ['', false],
  ])('%s is %s', (nif, valid) => {
    expect(isValidPortugueseNif(nif)).toBe(valid);
  });
  it('a remainder of 0 or 1 gives the check digit 0', () => {
    // 10000001x: 1·9 + 1·2 = 11 → remainder 0 → 0; 10000010x: 9 + 3 = 12 → remainder 1 → 0
    expect(isValidPortugueseNif('100000010')).toBe(true);
    expect(isValidPortugueseNif('100000100')).toBe(true);
  });
  it('normalises spaces, dots, dashes and the PT prefix', () => {
    expect(normalizeTaxId('pt-501 442.600')).toBe('501442600');
  });
  it('the form checks the NIF only for Portugal; an empty id is allowed', () => {
    expect(validateTaxId('501442601', 'PT')).toEqual({ kind: 'format' });
    expect(validateTaxId('501442601', 'DE')).toBeNull();
    expect(validateTaxId('', 'PT')).toBeNull();
  });
});

describe('Phone number must be valid (§5)', () => {
  it.each([
    ['', null],
    ['+49 30 1234567', null],
    ['(030) 123-456', null],
    ['12345', { kind: 'format' }],
    ['+49 abc', { kind: 'format' }],
    ['+1234567890123456', { kind: 'format' }],
  ])('%s', (phone, error) => {
    expect(validatePhone(phone)).toEqual(error);
  });
});
