// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// pay-flows.md §5, the rule the server applies at every authorize: a station takes a method when its accepted means
// name it; MAESTRO and AMERICAN_EXPRESS count as DIRECT_CREDIT; a CREDIT_CARD is a card; wallets by their method.
import { describe, expect, it } from 'vitest';
import { stationAccepts } from '../../contract/plain/station-methods';

describe('stationAccepts', () => {
  it.each([
    [['DIRECT_CREDIT'], 'DIRECT_CREDIT', true],
    [['MAESTRO'], 'DIRECT_CREDIT', true],
    [['AMERICAN_EXPRESS'], 'DIRECT_CREDIT', true],
    [['AMERICAN_EXPRESS'], 'CREDIT_CARD', true],
    [['DIRECT_CREDIT'], 'CREDIT_CARD', true],
    [['GOOGLE_PAY', 'PAYPAL'], 'DIRECT_CREDIT', false],
    [['GOOGLE_PAY', 'PAYPAL'], 'CREDIT_CARD', false],
    [['DIRECT_CREDIT', 'GOOGLE_PAY'], 'GOOGLE_PAY', true],
    [['DIRECT_CREDIT', 'GOOGLE_PAY'], 'APPLE_PAY', false],
    [['DIRECT_CREDIT'], 'PAYPAL', false],
    [['DIRECT_CREDIT', 'MBWAY'], 'MBWAY', true],
    [['DIRECT_CREDIT'], 'FUEL_CARD', false],
    [['DIRECT_CREDIT', 'PAYCONIQ'], 'PAYCONIQ', true],
    [['DIRECT_CREDIT'], 'BLUECODE', false],
    // MAESTRO in a station's list is a card scheme, not a method a saved card can claim for itself.
    [['MAESTRO'], 'MAESTRO', false],
    [[], 'DIRECT_CREDIT', false],
  ] as const)('means %j take %s: %s', (means, method, expected) => {
    expect(stationAccepts(means, method)).toBe(expected);
  });
});
