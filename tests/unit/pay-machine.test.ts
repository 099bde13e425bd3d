// @vitest-environment node -- pure rules: no DOM needed
import { describe, expect, it } from 'vitest';
import {
  initialPayState,
  isBusy,
  PAY_STATES,
  type PayEvent,
  type PayState,
  transition,
} from '../../src/features/checkout/model/pay-machine';
import { order } from './fixtures/orders';

const card = { paymentMethodId: 'visa' };
const paidOrder = order('PAYMENT_AUTHORIZED', ['CREATED', 'PAYMENT_AUTHORIZED']);

/** One state of each kind (validating: the PIN step; the other steps have their own rules below). */
const STATES: Record<PayState['kind'], PayState> = {
  choosing: { kind: 'choosing' },
  validating: { kind: 'validating', step: { type: 'pin' } },
  authorizing: { kind: 'authorizing', means: card },
  awaitingIssuer: { kind: 'awaitingIssuer', start: 'https://issuer/start' },
  secondFactor: { kind: 'secondFactor', orderId: 'o1', means: card },
  refused: { kind: 'refused', refusal: { kind: 'mbwayLimit' } },
  paid: { kind: 'paid', order: paidOrder },
};

const EVENTS: Record<PayEvent['type'], PayEvent> = {
  CHOOSE: { type: 'CHOOSE' },
  ASK: { type: 'ASK', step: { type: 'pin' } },
  AUTHORIZE: { type: 'AUTHORIZE', means: card },
  CANCEL: { type: 'CANCEL' },
  ISSUER: { type: 'ISSUER', start: 'https://issuer/start' },
  ABANDONED: { type: 'ABANDONED', start: 'https://issuer/start' },
  SECOND_FACTOR: { type: 'SECOND_FACTOR', orderId: 'o1' },
  REFUSED: { type: 'REFUSED', refusal: { kind: 'methodNotAccepted' } },
  PAID: { type: 'PAID', order: paidOrder },
};

/** Where each event leads from each state; `same`: the move is impossible and the state is returned unchanged. */
const TABLE: Record<PayState['kind'], Record<PayEvent['type'], PayState['kind'] | 'same'>> = {
  choosing: {
    CHOOSE: 'same',
    ASK: 'validating',
    AUTHORIZE: 'authorizing',
    CANCEL: 'same',
    ISSUER: 'awaitingIssuer',
    ABANDONED: 'refused',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
  validating: {
    CHOOSE: 'same',
    ASK: 'same',
    AUTHORIZE: 'authorizing',
    CANCEL: 'choosing',
    ISSUER: 'same',
    ABANDONED: 'same',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
  authorizing: {
    CHOOSE: 'same',
    ASK: 'same',
    AUTHORIZE: 'same',
    CANCEL: 'same',
    ISSUER: 'awaitingIssuer',
    ABANDONED: 'same',
    SECOND_FACTOR: 'secondFactor',
    REFUSED: 'refused',
    PAID: 'paid',
  },
  awaitingIssuer: {
    CHOOSE: 'same',
    ASK: 'same',
    AUTHORIZE: 'same',
    CANCEL: 'same',
    ISSUER: 'same',
    ABANDONED: 'refused',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
  secondFactor: {
    CHOOSE: 'same',
    ASK: 'same',
    AUTHORIZE: 'authorizing',
    CANCEL: 'choosing',
    ISSUER: 'same',
    ABANDONED: 'same',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
  refused: {
    CHOOSE: 'choosing',
    ASK: 'validating',
    AUTHORIZE: 'authorizing',
    CANCEL: 'same',
    ISSUER: 'same',
    ABANDONED: 'same',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
  paid: {
    CHOOSE: 'same',
    ASK: 'same',
    AUTHORIZE: 'same',
    CANCEL: 'same',
    ISSUER: 'same',
    ABANDONED: 'same',
    SECOND_FACTOR: 'same',
    REFUSED: 'same',
    PAID: 'same',
  },
};

describe('the pay machine: every state × every event (pay-flows.md §4)', () => {
  it('the table names every state and every event', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PAY_STATES].sort());
    for (const row of Object.values(TABLE)) expect(Object.keys(row).sort()).toEqual(Object.keys(EVENTS).sort());
  });
  for (const kind of PAY_STATES) {
    for (const [type, event] of Object.entries(EVENTS) as [PayEvent['type'], PayEvent][]) {
      const expected = TABLE[kind][type];
      it(`${kind} + ${type} → ${expected === 'same' ? 'rejected (same state)' : expected}`, () => {
        const from = STATES[kind];
        const next = transition(from, event);
        if (expected === 'same') expect(next).toBe(from);
        else expect(next.kind).toBe(expected);
      });
    }
  }
});

describe('what the moves carry', () => {
  it('starts choosing', () => {
    expect(initialPayState).toEqual({ kind: 'choosing' });
  });
  it('a second factor keeps the means it refused, so the code allows the same payment once more', () => {
    const means = { paymentMethodId: 'fuel', paymentProof: 'proof' };
    const asked = transition({ kind: 'authorizing', means }, { type: 'SECOND_FACTOR', orderId: 'o7' });
    expect(asked).toEqual({ kind: 'secondFactor', orderId: 'o7', means });
  });
  it('coming back from the issuer unanswered is a refusal that can continue the same check', () => {
    const back = transition(
      { kind: 'awaitingIssuer', start: 'https://i/s' },
      { type: 'ABANDONED', start: 'https://i/s' },
    );
    expect(back).toEqual({ kind: 'refused', refusal: { kind: 'challengeAbandoned', start: 'https://i/s' } });
  });
  it('a refusal carries its kind (the summary answers it)', () => {
    const refused = transition({ kind: 'authorizing', means: card }, EVENTS.REFUSED);
    expect(refused).toEqual({ kind: 'refused', refusal: { kind: 'methodNotAccepted' } });
  });
  it('paid carries the order the next page follows', () => {
    expect(transition({ kind: 'authorizing', means: card }, EVENTS.PAID)).toEqual({ kind: 'paid', order: paidOrder });
  });
});

describe('validation steps (PIN | biometric | fuel-card data | a wallet sheet)', () => {
  const at = (type: 'pin' | 'biometric' | 'fuelCard'): PayState => ({ kind: 'validating', step: { type } });
  it.each([
    ['fuelCard', 'pin', true],
    ['fuelCard', 'biometric', true],
    ['biometric', 'pin', true],
    ['pin', 'biometric', false],
    ['pin', 'fuelCard', false],
    ['biometric', 'fuelCard', false],
  ] as const)('%s may be followed by %s: %s', (from, to, allowed) => {
    const state = at(from);
    const next = transition(state, { type: 'ASK', step: { type: to } });
    if (allowed) expect(next).toEqual({ kind: 'validating', step: { type: to } });
    else expect(next).toBe(state);
  });
  it('a wallet sheet that fails (not cancelled) is refused: the payment error page', () => {
    const sheet: PayState = { kind: 'validating', step: { type: 'wallet', wallet: 'GOOGLE_PAY' } };
    expect(transition(sheet, { type: 'REFUSED', refusal: { kind: 'failed' } })).toEqual({
      kind: 'refused',
      refusal: { kind: 'failed' },
    });
    expect(transition(at('pin'), { type: 'REFUSED', refusal: { kind: 'failed' } })).toEqual(at('pin'));
  });
  it('a wallet sheet, an authorization and the issuer are busy; choosing, a PIN sheet and a refusal are not', () => {
    expect(isBusy({ kind: 'validating', step: { type: 'wallet', wallet: 'APPLE_PAY' } })).toBe(true);
    expect(isBusy(STATES.authorizing)).toBe(true);
    expect(isBusy(STATES.awaitingIssuer)).toBe(true);
    expect(isBusy(STATES.choosing)).toBe(false);
    expect(isBusy(STATES.validating)).toBe(false);
    expect(isBusy(STATES.refused)).toBe(false);
  });
});
