// The driver's cost limit of a charge (issue 39): the choices offered, which limits the server takes, and what the
// receipt says about how the charge ended.
import { describe, expect, it } from 'vitest';
import { costLimitChoices, isValidCostLimit, stopNote } from '../../src/features/ev/model/cost-limit';

const eur80 = { amount: 8000, currency: 'EUR', precision: 2 };
const charge = (stopReason?: 'DRIVER' | 'COST_LIMIT' | 'PRE_AUTHORIZATION' | 'CHARGER' | 'FAULT' | 'WATCHDOG') => ({
  energyWh: 1000,
  powerW: 0,
  durationS: 60,
  chargingStartedAt: null,
  ...(stopReason ? { stopReason } : {}),
});

describe('cost limit', () => {
  it.each([
    ['EUR 80: 20, 40, 60', eur80, [2000, 4000, 6000]],
    ['DKK 600: 150, 300, 450', { amount: 60000, currency: 'DKK', precision: 2 }, [15000, 30000, 45000]],
    ['CHF 50: whole francs (12, 25, 37)', { amount: 5000, currency: 'CHF', precision: 2 }, [1200, 2500, 3700]],
    ['EUR 2: 1 only once', { amount: 200, currency: 'EUR', precision: 2 }, [100]],
    ['EUR 1: nothing to split', { amount: 100, currency: 'EUR', precision: 2 }, []],
    ['no pre-authorization: none', null, []],
  ])('offers a quarter, half and three quarters of the pre-authorization in whole units (%s)', (_, hold, choices) => {
    expect(costLimitChoices(hold)).toEqual(choices);
  });

  it.each([
    ['no limit', null, true],
    ['the whole pre-authorization', 8000, true],
    ['one cent', 1, true],
    ['above the pre-authorization', 8001, false],
    ['zero', 0, false],
    ['a fraction of a cent', 10.5, false],
  ])('takes a limit more than 0 and at most the pre-authorization (%s)', (_, limit, ok) => {
    expect(isValidCostLimit(limit, eur80)).toBe(ok);
  });

  it('says the charge stopped at the limit when the server stopped it there', () => {
    expect(stopNote(charge('COST_LIMIT'), { amount: 2000, currency: 'EUR', precision: 2 })).toEqual({
      kind: 'cost-limit',
      limit: { amount: 2000, currency: 'EUR', precision: 2 },
    });
  });

  it.each([
    ['the pre-authorization', 'PRE_AUTHORIZATION', { kind: 'pre-authorization' }],
    ['a fault', 'FAULT', { kind: 'fault' }],
    ['the driver', 'DRIVER', null],
    ['the charger (unplugged)', 'CHARGER', null],
    ['still charging', undefined, null],
  ] as const)('says how else it ended only when worth saying (%s)', (_, reason, note) => {
    expect(stopNote(charge(reason), null)).toEqual(note);
  });
});
