// The odometer screen's rules (pay-flows.md §5 Odometer), table-style.
import { describe, expect, it } from 'vitest';
import { fuelCardRules } from '../../src/contract/payment-methods';
import {
  canSubmitOdometer,
  carOdometerMOf,
  kmToMetres,
  ODOMETER_REFUSED,
  odometerError,
  odometerRejection,
  previousKmOf,
  sanitizeKm,
  skipsOdometer,
  vehiclesForPicker,
} from '../../src/features/odometer/model/odometer';

describe('sanitizeKm: digits only, non-digits removed', () => {
  it.each([
    ['12345', '12345'],
    ['12.345', '12345'],
    ['12 345 km', '12345'],
    ['-5', '5'],
    ['abc', ''],
    ['007', '7'],
    ['0', '0'],
    ['', ''],
  ])('%j → %j', (input, out) => {
    expect(sanitizeKm(input)).toBe(out);
  });
});

describe('odometerError: required, at most 1,000,000 km, not lower than the previous reading', () => {
  it.each([
    ['', undefined, 'required'],
    ['0', undefined, 'required'],
    ['000', undefined, 'required'],
    ['1', undefined, null],
    ['1000000', undefined, null],
    ['1000001', undefined, 'max'],
    ['49999', 50_000, 'lower'],
    ['50000', 50_000, null],
    ['50001', 50_000, null],
    ['1.200', 1_000, null],
  ] as const)('%j with previous %s → %s', (km, previous, error) => {
    expect(odometerError(km, previous)).toBe(error);
    expect(canSubmitOdometer(km, previous)).toBe(error === null);
  });
});

describe('conversion and the picker', () => {
  it('sends metres (km × 1000) and reads the previous km rounded down', () => {
    expect(kmToMetres('12345')).toBe(12_345_000);
    expect(kmToMetres('')).toBe(0);
    expect(previousKmOf(50_000_999)).toBe(50_000);
    expect(previousKmOf(null)).toBeUndefined();
  });
  it('lists the preferred vehicle first', () => {
    const v = [{ thingId: 'a' }, { thingId: 'b' }, { thingId: 'c' }];
    expect(vehiclesForPicker(v, 'b').map((x) => x.thingId)).toEqual(['b', 'a', 'c']);
    expect(vehiclesForPicker(v, null).map((x) => x.thingId)).toEqual(['a', 'b', 'c']);
  });
});

describe('what the order carries, and the server refusing a reading', () => {
  it('sends the reading in metres, nothing once refused (REFUSED)', () => {
    expect(carOdometerMOf({ kind: 'reading', km: 50_120, thingId: 't1' })).toBe(50_120_000);
    expect(carOdometerMOf({ kind: ODOMETER_REFUSED, thingId: 't1' })).toBeUndefined();
    expect(carOdometerMOf(null)).toBeUndefined();
  });
  it("reads the 422 'below_previous' with its limit in metres as the previous km; anything else is not it", () => {
    const details = [{ path: 'odometer', message: 'below_previous', limit: 50_000_000 }];
    expect(odometerRejection({ status: 422, details })).toBe(50_000);
    expect(odometerRejection({ status: 409, details })).toBeNull();
    expect(odometerRejection({ status: 422, details: [{ path: 'authorizePrice.amount', message: 'x' }] })).toBeNull();
    expect(odometerRejection({ status: 422 })).toBeNull();
    expect(odometerRejection(null)).toBeNull();
  });
});

describe('the fuel-card odometer (pay-flows.md §5: VIN required at level 2 or higher; mileage shown at levels 1 and 3)', () => {
  it.each([
    [0, false, false],
    [1, false, true],
    [2, true, false],
    [3, true, true],
  ])('level %i: VIN required %s, mileage shown %s', (level, vin, mileage) => {
    expect(fuelCardRules(level)).toEqual({ vinRequired: vin, mileageShown: mileage });
  });
});

describe('when the odometer screen does not come first (the pay area skip rules)', () => {
  const none = {};
  it.each([
    ['a fuel pump, no order yet', { washOnly: false, path: '/pay/postpay/fueling', query: none }, false],
    ['the prepay summary', { washOnly: false, path: '/pay/prepay/summary', query: none }, false],
    ['a station with only WASH groups', { washOnly: true, path: '/pay/postpay/fueling', query: none }, true],
    ['a wash path', { washOnly: false, path: '/pay/postpay/wash', query: none }, true],
    ['the wash summary', { washOnly: false, path: '/pay/postpay/wash/summary', query: none }, true],
    ['an order already made', { washOnly: false, path: '/pay/prepay/summary', query: { orderId: 'o1' } }, true],
    [
      'an Amazon checkout returning',
      { washOnly: false, path: '/pay/prepay/summary', query: { amazonCheckoutSessionId: 's1' } },
      true,
    ],
    ['a path that only starts like wash', { washOnly: false, path: '/pay/washer', query: none }, false],
  ])('%s: skipped %s', (_, input, skipped) => {
    expect(skipsOdometer(input)).toBe(skipped);
  });
});
