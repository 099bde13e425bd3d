// The query-string schemas without zod (src/lib/search-schema.ts) keep the rules of the zod schemas they replaced
// (issue 16): each is checked against its zod original over the same inputs, then through the route schemas.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uiQuery } from '../../src/app/query-carry';
import { historySearch } from '../../src/features/history/model/search';
import { parseStoredFilters } from '../../src/features/map/model/filters';
import { cancelSearch, orderGroup } from '../../src/features/orders/model/search';
import { flag, looseSearchObject, oneOfOr, searchObject, text } from '../../src/lib/search-schema';

const INPUTS: Record<string, unknown>[] = [
  {},
  { orderId: 'o1', orderType: 'PREPAY', amount: '1250', currency: 'EUR', pid: 'p1' },
  { orderId: '', orderType: 'WASH', amount: '12.5', currency: 'eur' },
  { amount: 1250, fuelTypeId: 7, productId: null, type: undefined },
  { amount: '-3', isWash: 'true', currency: 'EURO' },
  { amount: '', orderId: ['a'], orderType: 'POSTPAY' },
  { amount: '9007199254740993' },
  { amount: true, state: 'EV_CANCELLED' },
];

const text0 = z.string().min(1).optional().catch(undefined);
const zodOrderGroup = z.object({
  orderId: text0,
  orderType: z.enum(['PREPAY', 'POSTPAY']).optional().catch(undefined),
  amount: z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  fuelTypeId: text0,
  productId: text0,
  type: text0,
  isWash: text0,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
});

describe('search schemas without zod keep the zod rules', () => {
  it.each(INPUTS)('the order group of %o', (input) => {
    expect(orderGroup.parse(input)).toStrictEqual(zodOrderGroup.parse(input));
  });

  it.each(INPUTS)('a loose object keeps the other keys: %o', (input) => {
    const ours = looseSearchObject({ orderId: text(), edit: flag() });
    const theirs = z.looseObject({
      orderId: z.string().optional().catch(undefined),
      edit: z.boolean().optional().catch(undefined),
    });
    expect(ours.parse(input)).toStrictEqual(theirs.parse(input));
  });

  it('extend adds keys; a fallback field is filled in when missing or wrong', () => {
    const odometer = orderGroup.extend({ next: oneOfOr(['ev', 'prepay'], 'prepay') });
    expect(odometer.parse({ next: 'ev', orderId: 'o1' })).toStrictEqual({ next: 'ev', orderId: 'o1' });
    expect(odometer.parse({})).toStrictEqual({ next: 'prepay' });
    expect(odometer.parse({ next: 'wash' })).toStrictEqual({ next: 'prepay' });
    expect(Object.keys(odometer.shape)).toContain('next');
    expect(Object.keys(orderGroup.shape)).not.toContain('next');
  });

  it('the router sees a Standard Schema: values, never issues, for any object; issues for a non-object', () => {
    expect(cancelSearch['~standard'].validate({ state: 'nope', orderId: 'o1' })).toEqual({
      value: { state: undefined, orderId: 'o1' },
    });
    expect(uiQuery['~standard'].validate({ pid: 'p1', data: 'x', auth: 0 })).toEqual({
      value: { pid: 'p1', data: 'x', auth: undefined },
    });
    expect(searchObject({ a: text() })['~standard'].validate('a=1').issues).toHaveLength(1);
  });

  it('history filters: unknown values dropped, the rest kept as in the URL', () => {
    expect(historySearch.parse({ type: 'TRIP', product: 'FISH', vehicle: 'x'.repeat(65), page: 2 })).toStrictEqual({
      type: 'TRIP',
      product: undefined,
      vehicle: undefined,
      page: 2,
    });
  });

  it('stored map filters: all or nothing, like the zod object they replaced', () => {
    const zodStored = z.object({
      mode: z.enum(['fuel', 'ev']),
      fuel: z.enum(['SUPER E5', 'DIESEL']).optional(),
      plug: z.enum(['CCS', 'TYPE_2']).optional(),
      power: z.enum(['ALL', '11', '22', '50', '150']).optional(),
    });
    const cases = [
      { mode: 'ev', plug: 'CCS', power: '50', other: 1 },
      { mode: 'fuel', fuel: 'DIESEL' },
      { mode: 'fuel', fuel: 'PETROL' },
      { mode: 'ev', power: 50 },
      { fuel: 'DIESEL' },
      { mode: 'fuel', fuel: null },
      [],
      'fuel',
    ];
    for (const value of cases) {
      const theirs = zodStored.safeParse(value);
      expect(parseStoredFilters(JSON.stringify(value))).toStrictEqual(theirs.success ? theirs.data : null);
    }
    expect(parseStoredFilters('{not json')).toBeNull();
  });
});
