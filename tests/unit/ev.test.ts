// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The EV screens' rules (pay-flows.md §2, §4 EV flow, §5 free parking, §9 pre-authorization) and the EV order waits.
import { describe, expect, it } from 'vitest';
import type { AvailableItem } from '../../contract/stations';
import {
  chargingPhase,
  energyKwh,
  formatDuration,
  parkingOf,
  preAuthorizationFor,
} from '../../src/features/ev/model/ev';
import {
  initialWaitState,
  PLANS,
  transition,
  type WaitEvent,
  type WaitState,
} from '../../src/features/orders/model/order-wait';
import { order } from './fixtures/orders';

const features = (preAuthorizations: Record<string, number>) => ({ evCharging: { enabled: true, preAuthorizations } });

describe('preAuthorizationFor', () => {
  it.each([
    ['EUR', {}, 8000],
    ['DKK', {}, 60000],
    ['CZK', {}, 200000],
    ['EUR', { EUR: 5000 }, 5000],
    ['GBP', {}, null],
  ] as const)('%s with %o: %s', (currency, config, amount) => {
    const r = preAuthorizationFor(features(config), currency);
    expect(r === null ? null : r.amount).toBe(amount);
  });
});

describe('parkingOf (§5: free parking in whole hours when the price is zero or less)', () => {
  const item = (priceElements: AvailableItem['priceElements']) => ({ currency: 'EUR' as const, priceElements });
  it.each([
    ['no parking element', [], { price: null, window: null, freeHours: null }],
    [
      'free for 150 min → 2 h, then 0.10/min 08:00–20:00',
      [
        {
          restrictions: { maxDuration: 150 },
          priceComponents: [{ type: 'PARKING_TIME', price: 0, precision: 2, unit: 'MIN' }],
        },
        {
          restrictions: { startTime: '08:00', endTime: '20:00' },
          priceComponents: [{ type: 'PARKING_TIME', price: 10, precision: 2, unit: 'MIN' }],
        },
      ],
      { price: { amount: 10, currency: 'EUR', precision: 2 }, window: { start: '08:00', end: '20:00' }, freeHours: 2 },
    ],
    [
      'paid all day',
      [{ priceComponents: [{ type: 'PARKING_TIME', price: 5, precision: 2, unit: 'MIN' }] }],
      { price: { amount: 5, currency: 'EUR', precision: 2 }, window: null, freeHours: null },
    ],
  ] as const)('%s', (_name, elements, expected) => {
    expect(parkingOf(item(elements as unknown as AvailableItem['priceElements']))).toEqual(expected);
  });
});

describe('chargingPhase: check connection until supplying', () => {
  const withCharge = (state: Parameters<typeof order>[0], connectorState?: string) => ({
    ...order(state),
    charge: {
      energyWh: 0,
      powerW: 0,
      durationS: 0,
      chargingStartedAt: null,
      ...(connectorState ? { connectorState } : {}),
    },
  });
  it.each([
    [undefined, false, 'connecting'],
    [withCharge('PRODUCT_PENDING', 'Preparing'), false, 'connecting'],
    [withCharge('PRODUCT_SUPPLYING', 'Charging'), false, 'charging'],
    [withCharge('PRODUCT_SUPPLYING', 'SuspendedEV'), false, 'paused'],
    [withCharge('PRODUCT_SUPPLYING', 'Charging'), true, 'stopping'],
    [withCharge('PRODUCT_ACQUIRED'), true, 'done'],
    [withCharge('COMPLETED'), false, 'done'],
  ] as const)('%#: %s', (o, stopping, phase) => {
    expect(chargingPhase(o, stopping)).toBe(phase);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [754, '12:34'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%i s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
  it('energy in kWh, rounded down to 2 decimals', () => {
    expect(energyKwh({ energyWh: 12_345 })).toBe(12.34);
    expect(energyKwh(null)).toBe(0);
  });
});

describe('EV order waits (pay-flows.md §4 EV flow)', () => {
  const run = (plan: (typeof PLANS)['evCharging' | 'evFinish'], events: WaitEvent[]): WaitState =>
    events.reduce((s, e) => transition(plan, s, e), initialWaitState);
  const polled = (state: Parameters<typeof order>[0], history?: Parameters<typeof order>[1]): WaitEvent => ({
    type: 'polled',
    order: order(state, history),
  });
  const authorized = ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING'] as const;

  it('charging: waits for PRODUCT_SUPPLYING, keeps polling while charging, leaves for the EV finish once acquired', () => {
    expect(run(PLANS.evCharging, [polled('PRODUCT_PENDING', [...authorized])])).toEqual({
      kind: 'waiting',
      step: 0,
      notice: null,
    });
    expect(run(PLANS.evCharging, [polled('PRODUCT_SUPPLYING', [...authorized, 'PRODUCT_SUPPLYING'])])).toEqual({
      kind: 'waiting',
      step: 1,
      notice: null,
    });
    expect(
      run(PLANS.evCharging, [polled('PRODUCT_ACQUIRED', [...authorized, 'PRODUCT_SUPPLYING', 'PRODUCT_ACQUIRED'])]),
    ).toEqual({ kind: 'left', exit: { to: 'evFinish' } });
  });

  it('a cancelled order goes to /pay; a failed one to the payment error page', () => {
    expect(run(PLANS.evCharging, [polled('CANCELLED', [...authorized, 'CANCELLED'])])).toEqual({
      kind: 'left',
      exit: { to: 'pay' },
    });
    expect(run(PLANS.evCharging, [polled('FAILED', ['CREATED', 'FAILED'])])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'payment' },
    });
  });

  it('finish: waits for COMPLETED and stays', () => {
    const acquired = [...authorized, 'PRODUCT_SUPPLYING', 'PRODUCT_ACQUIRED'] as const;
    expect(run(PLANS.evFinish, [polled('PRODUCT_ACQUIRED', [...acquired])])).toEqual({
      kind: 'waiting',
      step: 1,
      notice: null,
    });
    expect(run(PLANS.evFinish, [polled('COMPLETED', [...acquired, 'COMPLETED'])])).toEqual({ kind: 'settled' });
  });
});
