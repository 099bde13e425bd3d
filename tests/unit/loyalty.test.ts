// Loyalty rules shared by app and server (shell-and-account.md §5): card formats and the partner form's age 16.
import { describe, expect, it } from 'vitest';
import { isAtLeastAge, isValidCardNumber, PARTNER_MIN_AGE } from '../../contract/loyalty';

describe('partner loyalty minimum age 16', () => {
  it.each([
    ['2015-03-01', '2031-03-01', true, 'the 16th birthday itself counts'],
    ['2015-03-02', '2031-03-01', false, 'one day short'],
    ['1990-05-05', '2031-03-01', true, 'well over'],
    ['2016-02-29', '2032-02-29', true, 'born 29 February, a leap year birthday'],
    ['2012-02-29', '2028-02-28', false, 'born 29 February, the day before 1 March of a common year'],
    ['2015-02-29', '2031-03-01', true, 'an impossible date rolls over like the birthday'],
  ])('%s on %s → %s (%s)', (birth, today, ok) => {
    expect(isAtLeastAge(birth, today, PARTNER_MIN_AGE)).toBe(ok);
  });
});

describe('card-number formats', () => {
  it.each([
    ['REPSOL', '7078 1234 5678 9012', true],
    ['REPSOL', '7078-1234', false],
    ['NOOP', 'np12345678', true],
    ['NOOP', 'NP1234567', false],
    ['Q8_SMILES', '7 123456 789012', true],
    ['Q8_SMILES', '8123456789012', false],
  ] as const)('%s %s → %s', (provider, number, ok) => {
    expect(isValidCardNumber(provider, number)).toBe(ok);
  });
});
