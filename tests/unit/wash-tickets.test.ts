// The wash tickets list's rules (shell-and-account.md §4 "Wash ticket. It is valid, then marked as used"; an unused code
// runs out at its expiry): each ticket's state, and the list's order.
import { describe, expect, it } from 'vitest';
import { TUTORIAL_LANGUAGES, tutorialLanguageOf } from '../../contract/tutorials';
import { sortTickets, ticketState } from '../../src/features/wash/model/tickets';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ticket = (code: string, expirationDate: string, isRedeemed = false, purchasedAt = '2026-11-20T10:00:00Z') => ({
  code,
  expirationDate,
  isRedeemed,
  purchasedAt,
});

describe('ticketState', () => {
  it('a code not used before its expiry is valid', () => {
    expect(ticketState(ticket('1', '2026-11-25T12:00:01Z'), NOW)).toBe('VALID');
  });
  it('a code is expired from its expiry time on', () => {
    expect(ticketState(ticket('1', '2026-11-25T12:00:00Z'), NOW)).toBe('EXPIRED');
    expect(ticketState(ticket('1', '2026-11-01T00:00:00Z'), NOW)).toBe('EXPIRED');
  });
  it('a used code is used, expired or not', () => {
    expect(ticketState(ticket('1', '2027-01-01T00:00:00Z', true), NOW)).toBe('USED');
    expect(ticketState(ticket('1', '2026-01-01T00:00:00Z', true), NOW)).toBe('USED');
  });
});

describe('sortTickets', () => {
  it('valid codes first, the soonest to expire on top; then used and expired, the newest bought first', () => {
    const list = [
      ticket('used-old', '2027-01-01T00:00:00Z', true, '2026-10-01T10:00:00Z'),
      ticket('valid-late', '2026-12-20T00:00:00Z'),
      ticket('expired-new', '2026-11-24T00:00:00Z', false, '2026-11-23T10:00:00Z'),
      ticket('valid-soon', '2026-11-26T00:00:00Z'),
      ticket('used-new', '2027-01-01T00:00:00Z', true, '2026-11-24T10:00:00Z'),
    ];
    expect(sortTickets(list, NOW).map((t) => t.code)).toEqual([
      'valid-soon',
      'valid-late',
      'used-new',
      'expired-new',
      'used-old',
    ]);
  });
  it('keeps ties in code order and leaves the input untouched', () => {
    const list = [ticket('b', '2026-12-01T00:00:00Z'), ticket('a', '2026-12-01T00:00:00Z')];
    expect(sortTickets(list, NOW).map((t) => t.code)).toEqual(['a', 'b']);
    expect(list.map((t) => t.code)).toEqual(['b', 'a']);
  });
});

describe('tutorialLanguageOf (the tutorial site answers in these, else English)', () => {
  it.each([
    ['de-DE', 'de'],
    ['pt_PT', 'pt'],
    ['DA', 'da'],
    ['pl-PL,pl;q=0.9', 'pl'],
    ['sv-SE', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(tutorialLanguageOf(value)).toBe(expected);
  });
  it('knows the nine languages of §9', () => {
    expect([...TUTORIAL_LANGUAGES].sort()).toEqual(['da', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
  });
});
