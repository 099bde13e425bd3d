// The odometer screen's rules (pay-flows.md §5 Odometer), table-style.
import { describe, expect, it } from 'vitest';
import { fuelCardRules } from '../../contract/payment-methods';
import {
  asksMileage,
  asksVin,
  canSubmitOdometer,
  carOdometerMOf,
  kmToMetres,
  mayRefuse,
  NORMAL_ODOMETER,
  ODOMETER_REFUSED,
  odometerAnswerOf,
  odometerError,
  odometerErrors,
  odometerMethod,
  odometerRejection,
  odometerVariant,
  previousKmOf,
  sanitizeKm,
  sanitizeVin,
  skipsOdometer,
  vehiclesForPicker,
  vinError,
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

describe('which odometer screen for which payment method (the fuel-card variant by level)', () => {
  const card = (level?: number) => ({ method: 'FUEL_CARD', details: level === undefined ? {} : { level } });
  it.each([
    ['no payment method', null, NORMAL_ODOMETER],
    ['a credit card', { method: 'CREDIT_CARD', details: { level: 3 } }, NORMAL_ODOMETER],
    ['a fuel card without a level', card(), NORMAL_ODOMETER],
    ['a fuel card of level 0 (the normal screen)', card(0), NORMAL_ODOMETER],
    ['a fuel card of a level below 0', card(-1), NORMAL_ODOMETER],
    ['a fuel card of a level that is no integer', card(1.5), NORMAL_ODOMETER],
    ['level 1: the mileage only', card(1), { kind: 'fuel-card', level: 1, vinField: false, mileageField: true }],
    ['level 2: the VIN only', card(2), { kind: 'fuel-card', level: 2, vinField: true, mileageField: false }],
    ['level 3: VIN and mileage', card(3), { kind: 'fuel-card', level: 3, vinField: true, mileageField: true }],
    [
      'above 3: VIN only ("2 or higher", "1 and 3")',
      card(4),
      { kind: 'fuel-card', level: 4, vinField: true, mileageField: false },
    ],
  ] as const)('%s', (_, method, expected) => {
    expect(odometerVariant(method)).toEqual(expected);
  });

  it.each([
    ['the normal screen: mileage, no VIN, may refuse', NORMAL_ODOMETER, true, false, true],
    ['level 1: mileage, no VIN, no refusal', odometerVariant(card(1)), true, false, false],
    ['level 2: VIN, no mileage, no refusal', odometerVariant(card(2)), false, true, false],
    ['level 3: both, no refusal', odometerVariant(card(3)), true, true, false],
  ] as const)('%s', (_, variant, mileage, vin, refuse) => {
    expect([asksMileage(variant), asksVin(variant), mayRefuse(variant)]).toEqual([mileage, vin, refuse]);
  });

  it('takes the method the summary starts with: the preferred one, else the first', () => {
    const a = { id: 'a', method: 'CREDIT_CARD', isPreferred: false };
    const b = { id: 'b', method: 'FUEL_CARD', isPreferred: true, details: { level: 2 } };
    expect(odometerMethod([a, b])?.id).toBe('b');
    expect(odometerMethod([a, { ...b, isPreferred: false }])?.id).toBe('a');
    expect(odometerMethod([])).toBeNull();
    expect(odometerMethod(undefined)).toBeNull();
  });
});

describe('the VIN: 17 letters and digits without I, O and Q; required where the card asks for it', () => {
  it.each([
    ['wvw zzz-1jz xw000001', 'WVWZZZ1JZXW000001'],
    ['  WVWZZZ1JZXW000001 ', 'WVWZZZ1JZXW000001'],
    ['', ''],
  ])('sanitizeVin(%j) → %j', (input, out) => {
    expect(sanitizeVin(input)).toBe(out);
  });
  it.each([
    ['WVWZZZ1JZXW000001', null],
    ['wvwzzz1jzxw000001', null],
    ['WVW ZZZ 1JZ XW000001', null],
    ['1HGCM82633A004352', null],
    ['', 'required'],
    ['   ', 'required'],
    ['WVWZZZ1JZXW00000', 'length'],
    ['WVWZZZ1JZXW0000011', 'length'],
    ['WVWZZZ1JZXW00000I', 'characters'],
    ['WVWZZZ1JZXW00000O', 'characters'],
    ['WVWZZZ1JZXW00000Q', 'characters'],
    ['WVWZZZ1JZXW0000.1', 'characters'],
    ['WVWZZZ1JZXWÄ00001', 'characters'],
    ['SHRT5', 'length'],
    ['SHORT', 'characters'],
  ] as const)('%j → %s', (input, expected) => {
    expect(vinError(input)).toBe(expected);
  });
});

describe('the fuel-card screen: errors and the answer by level', () => {
  const card = (level: number) => odometerVariant({ method: 'FUEL_CARD', details: { level } });
  const vin = 'WVWZZZ1JZXW000001';
  it('level 1 asks the mileage (required) and never the VIN', () => {
    expect(odometerErrors(card(1), { km: '', vin: '' })).toEqual({ km: 'required', vin: null });
    expect(odometerAnswerOf(card(1), { km: '50120', vin: 'junk', thingId: 't1' })).toEqual({
      kind: 'reading',
      km: 50_120,
      thingId: 't1',
    });
  });
  it('level 2 refuses to go on without a valid VIN, and asks no mileage', () => {
    expect(odometerErrors(card(2), { km: '', vin: '' })).toEqual({ km: null, vin: 'required' });
    expect(odometerErrors(card(2), { km: '', vin: 'WVWZZZ1JZXW0000O1' })).toEqual({ km: null, vin: 'characters' });
    expect(odometerAnswerOf(card(2), { km: '', vin: 'WVWZZZ1JZXW0000O1', thingId: 't1' })).toBeNull();
    const answer = odometerAnswerOf(card(2), { km: '', vin: vin.toLowerCase(), thingId: 't1' });
    expect(answer).toEqual({ kind: 'vin', vin, thingId: 't1' });
    expect(carOdometerMOf(answer)).toBeUndefined();
  });
  it('level 3 needs both: the mileage rules (lower than before) and the VIN', () => {
    expect(odometerErrors(card(3), { km: '100', previousKm: 200, vin: '' })).toEqual({ km: 'lower', vin: 'required' });
    expect(odometerAnswerOf(card(3), { km: '250', previousKm: 200, vin: '', thingId: null })).toBeNull();
    const answer = odometerAnswerOf(card(3), { km: '250', previousKm: 200, vin, thingId: null });
    expect(answer).toEqual({ kind: 'reading', km: 250, vin, thingId: null });
    expect(carOdometerMOf(answer)).toBe(250_000);
  });
  it('the normal screen asks the mileage only, whatever is in the VIN', () => {
    expect(odometerErrors(NORMAL_ODOMETER, { km: '1000001', vin: 'x' })).toEqual({ km: 'max', vin: null });
    expect(odometerAnswerOf(NORMAL_ODOMETER, { km: '42', vin: 'x', thingId: 't' })).toEqual({
      kind: 'reading',
      km: 42,
      thingId: 't',
    });
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
