// The odometer answer kept by order until the receipt records the cost (pay-flows.md §4 Finish).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bindOdometerToOrder,
  forgetOrderOdometer,
  odometerSelection,
  orderOdometer,
  readOdometer,
  writeOdometer,
} from '../../src/features/odometer/store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the answer an order went with', () => {
  const selection = odometerSelection('poi-1', 'pump-2');

  it('moves from the payment under way to the order: the next payment asks again, the receipt finds it', () => {
    const answer = { kind: 'reading' as const, km: 50_120, thingId: 't1' };
    writeOdometer(selection, answer);
    bindOdometerToOrder('o1', answer);
    expect(readOdometer(selection)).toBeNull();
    expect(orderOdometer('o1')).toEqual(answer);
    expect(orderOdometer('o2')).toBeNull();
  });

  it('keeps a refusal as such, and nothing when there was no screen', () => {
    bindOdometerToOrder('o1', { kind: 'REFUSED', thingId: null });
    bindOdometerToOrder('o2', null);
    expect(orderOdometer('o1')).toEqual({ kind: 'REFUSED', thingId: null });
    expect(orderOdometer('o2')).toBeNull();
  });

  it('is forgotten once recorded, and only the newest orders are kept', () => {
    for (let i = 0; i < 25; i++) bindOdometerToOrder(`o${i}`, { kind: 'reading', km: 1000 + i, thingId: null });
    expect(orderOdometer('o0')).toBeNull();
    expect(orderOdometer('o24')).toEqual({ kind: 'reading', km: 1024, thingId: null });
    forgetOrderOdometer('o24');
    expect(orderOdometer('o24')).toBeNull();
    expect(orderOdometer('o23')).not.toBeNull();
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('odometer-by-order', '{not json');
    expect(orderOdometer('o1')).toBeNull();
    bindOdometerToOrder('o1', { kind: 'reading', km: 7, thingId: null });
    expect(orderOdometer('o1')).toEqual({ kind: 'reading', km: 7, thingId: null });
  });
});
