// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Which fields a fuel card chosen on the summary needs, given what the order and its vehicle have (pay-flows.md §5
// "Fuel-card odometer: VIN required at level 2 or higher; the mileage field shows at levels 1 and 3"; issue 12
// follow-up), the shared rule behind the server's refusal, and how the sheet's answer joins the odometer answer.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { fuelCardMissing } from '../../contract/plain/fuel-card';
import { fuelCardNeeds, mergeOdometerAnswer, refusedFuelCardData } from '../../src/features/odometer/model/fuel-card';
import { ODOMETER_REFUSED, type OdometerAnswer } from '../../src/features/odometer/model/odometer';
import { errorText, GENERIC_ERROR } from '../../src/i18n/messages';
import { ApiError } from '../../src/lib/http/errors';

const VIN = 'WVWZZZ1JZXW000001';
const card = (level: number) => ({ method: 'FUEL_CARD', details: { level } });
const none = { vin: null, hasMileage: false };
const both = { vin: VIN, hasMileage: true };
const fields = (v: ReturnType<typeof fuelCardNeeds>) =>
  v?.kind === 'fuel-card' ? { vin: v.vinField, mileage: v.mileageField } : null;

describe('fuelCardMissing: what the level needs and the order lacks (one rule for app and server)', () => {
  it.each([
    [0, { vin: false, mileage: false }, []],
    [1, { vin: false, mileage: false }, ['mileage']],
    [1, { vin: false, mileage: true }, []],
    [2, { vin: false, mileage: false }, ['vin']],
    [2, { vin: true, mileage: false }, []],
    [3, { vin: false, mileage: false }, ['vin', 'mileage']],
    [3, { vin: true, mileage: false }, ['mileage']],
    [3, { vin: false, mileage: true }, ['vin']],
    [3, { vin: true, mileage: true }, []],
    [4, { vin: false, mileage: false }, ['vin']],
  ])('level %i with %o misses %o', (level, has, missing) => {
    expect(fuelCardMissing(level, has)).toEqual(missing);
  });
});

describe('fuelCardNeeds: the sheet asks only for what the chosen card needs and the order does not have', () => {
  it('a method that is not a fuel card, or a level 0 card, needs nothing', () => {
    expect(fuelCardNeeds({ method: 'DIRECT_CREDIT' }, none)).toBeNull();
    expect(fuelCardNeeds(card(0), none)).toBeNull();
    expect(fuelCardNeeds(null, none)).toBeNull();
  });
  it('level 1: the mileage only, unless the order carries a reading', () => {
    expect(fields(fuelCardNeeds(card(1), none))).toEqual({ vin: false, mileage: true });
    expect(fuelCardNeeds(card(1), { vin: null, hasMileage: true })).toBeNull();
  });
  it("level 2 (and above 3): the VIN only, unless the order's vehicle has a valid one", () => {
    expect(fields(fuelCardNeeds(card(2), none))).toEqual({ vin: true, mileage: false });
    expect(fields(fuelCardNeeds(card(5), none))).toEqual({ vin: true, mileage: false });
    expect(fuelCardNeeds(card(2), { vin: VIN, hasMileage: false })).toBeNull();
    // A VIN the vehicle holds that is not one (an O in it) is asked again.
    expect(fields(fuelCardNeeds(card(2), { vin: 'WVWZZZ1JZXW0000O1', hasMileage: false }))).toEqual({
      vin: true,
      mileage: false,
    });
  });
  it('level 3: each of VIN and mileage that is missing', () => {
    expect(fields(fuelCardNeeds(card(3), none))).toEqual({ vin: true, mileage: true });
    expect(fields(fuelCardNeeds(card(3), { vin: VIN, hasMileage: false }))).toEqual({ vin: false, mileage: true });
    expect(fields(fuelCardNeeds(card(3), { vin: null, hasMileage: true }))).toEqual({ vin: true, mileage: false });
    expect(fuelCardNeeds(card(3), both)).toBeNull();
  });
  it('what the server said is missing is asked even where the app saw it (its refusal wins)', () => {
    expect(fields(fuelCardNeeds(card(2), both, ['vin']))).toEqual({ vin: true, mileage: false });
    expect(fields(fuelCardNeeds(card(3), both, ['mileage']))).toEqual({ vin: false, mileage: true });
    // Never for a method that is not a fuel card.
    expect(fuelCardNeeds({ method: 'DIRECT_CREDIT' }, none, ['vin'])).toBeNull();
  });
  it('the variant keeps the card level (the sheet reuses the odometer screen rules)', () => {
    expect(fuelCardNeeds(card(3), none)).toEqual({ kind: 'fuel-card', level: 3, vinField: true, mileageField: true });
  });
});

describe('mergeOdometerAnswer: the sheet adds to the answer the order goes with', () => {
  const cases: [string, OdometerAnswer | null, OdometerAnswer, OdometerAnswer][] = [
    ['nothing before, a VIN', null, { kind: 'vin', thingId: 't1', vin: VIN }, { kind: 'vin', thingId: 't1', vin: VIN }],
    [
      'a reading before, a VIN now (level 2 after the normal screen)',
      { kind: 'reading', km: 12_000, thingId: 't1' },
      { kind: 'vin', thingId: 't1', vin: VIN },
      { kind: 'reading', km: 12_000, thingId: 't1', vin: VIN },
    ],
    [
      'a VIN before, a reading now (level 1 after a level 2 start)',
      { kind: 'vin', thingId: 't1', vin: VIN },
      { kind: 'reading', km: 500, thingId: 't1' },
      { kind: 'reading', km: 500, thingId: 't1', vin: VIN },
    ],
    [
      'refused before, the card needs the reading: the reading counts',
      { kind: ODOMETER_REFUSED, thingId: 't1' },
      { kind: 'reading', km: 900, thingId: 't1' },
      { kind: 'reading', km: 900, thingId: 't1' },
    ],
    [
      'a new vehicle made for the VIN becomes the order vehicle',
      { kind: ODOMETER_REFUSED, thingId: null },
      { kind: 'vin', thingId: 'new', vin: VIN },
      { kind: 'vin', thingId: 'new', vin: VIN },
    ],
  ];
  it.each(cases)('%s', (_name, prev, added, merged) => {
    expect(mergeOdometerAnswer(prev, added)).toEqual(merged);
  });
});

describe('the server refusal (422 fuel_card_data_missing): on the summary, in words', () => {
  const refused = (details: unknown) => new ApiError(422, 'fuel_card_data_missing', 'x', details);
  it('names what the server said is missing (and nothing it does not know)', () => {
    expect(refusedFuelCardData({ reason: 'fuel_card_data_missing', missing: ['vin', 'mileage', 'x'] })).toEqual([
      'vin',
      'mileage',
    ]);
    expect(refusedFuelCardData({ missing: ['mileage'] })).toEqual(['mileage']);
    expect(refusedFuelCardData({})).toEqual([]);
    expect(refusedFuelCardData(null)).toEqual([]);
  });
  it('errorText translates the code (not the generic error)', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const text = errorText(i18n, refused({ missing: ['vin'] }));
    expect(text).toContain('fuel card');
    expect(text).not.toBe(i18n._(GENERIC_ERROR));
  });
});
