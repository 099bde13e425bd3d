// The odometer screen's rules (pay-flows.md §5 Odometer), table-style.
import { describe, expect, it } from 'vitest';
import {
  canSubmitOdometer,
  kmToMetres,
  odometerError,
  previousKmOf,
  sanitizeKm,
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
