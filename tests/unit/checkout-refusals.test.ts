// The refusals the pay summary answers itself (features/checkout/model/refusals.ts): a fuel card's second factor,
// the validation step again, MB WAY beyond its mandate where the flow does not wait for the phone, a station that no
// longer takes the method (loaded again); and the validation proof kept for the next press of pay.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../contract/orders';
import { PAYMENT_PROOF_TTL_SECONDS } from '../../contract/plain/payment-methods';
import { PROOF_MARGIN_MS, reusableProof } from '../../src/features/checkout/model/kept-proof';
import { mbwayRefusal, payAnswer, summaryRefusal } from '../../src/features/checkout/model/refusals';
import { walletMeans } from '../../src/features/checkout/model/wallets';
import { afterRefusal } from '../../src/features/checkout/queries';
import { stationKeys } from '../../src/features/stations/queries';

const NOW = new Date('2031-03-01T08:00:00Z');
const mbway = (details: Partial<PaymentMethod['details']> = {}): Pick<PaymentMethod, 'method' | 'details'> => ({
  method: 'MBWAY',
  details: {
    phoneNumber: '+351 912345678',
    mandateValidUntil: '2031-09-01T00:00:00Z',
    limitWithoutPin: { amount: 2000, currency: 'EUR', precision: 2 },
    ...details,
  },
});
const eur = (amount: number, precision = 2) => ({ amount, precision });

describe('summaryRefusal', () => {
  it('a fuel card asking for its code names the order to confirm', () => {
    expect(summaryRefusal({ status: 403, details: { reason: 'second_factor_required', orderId: 'o1' } })).toEqual({
      kind: 'secondFactor',
      orderId: 'o1',
    });
  });
  it('a missing or spent PIN proof asks for the validation step again', () => {
    expect(summaryRefusal({ status: 403, details: { reason: 'validation_required' } })).toEqual({ kind: 'validation' });
  });
  it('MB WAY beyond its limit or with an expired mandate is explained on the summary', () => {
    expect(summaryRefusal({ status: 422, details: { reason: 'mbway_limit_exceeded' } })).toEqual({
      kind: 'mbwayLimit',
    });
    expect(summaryRefusal({ status: 422, details: { reason: 'mbway_mandate_expired' } })).toEqual({
      kind: 'mbwayExpired',
    });
  });
  it('a station that no longer takes the method keeps the driver on the summary to choose another', () => {
    expect(
      summaryRefusal({
        status: 422,
        details: { reason: 'method_not_accepted', method: 'FUEL_CARD', path: 'paymentMethodId' },
      }),
    ).toEqual({ kind: 'methodNotAccepted' });
    // The same reason under another status is not this refusal.
    expect(summaryRefusal({ status: 409, details: { reason: 'method_not_accepted' } })).toBeNull();
  });
  it('anything else goes to the payment error page', () => {
    expect(summaryRefusal({ status: 403, details: { reason: 'second_factor_not_registered' } })).toBeNull();
    expect(summaryRefusal({ status: 422, details: [{ path: 'amount' }] })).toBeNull();
    expect(summaryRefusal({ status: 409 })).toBeNull();
  });
});

describe('mbwayRefusal', () => {
  it('above the limit without PIN, a flow that does not wait for the phone refuses MB WAY', () => {
    expect(mbwayRefusal(mbway(), eur(2001), NOW, false)).toEqual({ kind: 'mbwayLimit' });
    expect(mbwayRefusal(mbway(), eur(20001, 3), NOW, false)).toEqual({ kind: 'mbwayLimit' });
  });
  it('up to the limit, within the mandate, MB WAY pays', () => {
    expect(mbwayRefusal(mbway(), eur(2000), NOW, false)).toBeNull();
    expect(mbwayRefusal(mbway(), eur(20000, 3), NOW, false)).toBeNull();
  });
  it('an expired mandate is refused whatever the amount', () => {
    expect(mbwayRefusal(mbway({ mandateValidUntil: '2031-02-01T00:00:00Z' }), eur(500), NOW, false)).toEqual({
      kind: 'mbwayExpired',
    });
  });
  it('prepay asks the phone instead; other methods are not concerned', () => {
    expect(mbwayRefusal(mbway(), eur(5000), NOW, true)).toBeNull();
    expect(mbwayRefusal({ method: 'DIRECT_CREDIT', details: {} }, eur(5000), NOW, false)).toBeNull();
    expect(mbwayRefusal(null, eur(5000), NOW, false)).toBeNull();
  });
});

describe('after a refusal the summary answers (afterRefusal)', () => {
  const withStation = () => {
    const client = new QueryClient();
    client.setQueryData(stationKeys.detail('st1'), { _id: 'st1', supportedPaymentMeans: ['FUEL_CARD'] });
    client.setQueryData(stationKeys.detail('st2'), { _id: 'st2', supportedPaymentMeans: ['FUEL_CARD'] });
    return client;
  };
  const invalidated = (client: QueryClient, id: string) =>
    client.getQueryState(stationKeys.detail(id))?.isInvalidated === true;

  it('a station that no longer takes the method is loaded again, so its own rules see it at once', () => {
    const client = withStation();
    afterRefusal(client, { kind: 'methodNotAccepted' }, 'st1');
    expect(invalidated(client, 'st1')).toBe(true);
    expect(invalidated(client, 'st2')).toBe(false);
  });
  it('the other refusals leave the station as it is', () => {
    const client = withStation();
    for (const refusal of [
      { kind: 'validation' },
      { kind: 'mbwayLimit' },
      { kind: 'mbwayExpired' },
      { kind: 'secondFactor', orderId: 'o1' },
    ] as const) {
      afterRefusal(client, refusal, 'st1');
    }
    expect(invalidated(client, 'st1')).toBe(false);
  });
});

describe('the kept validation proof (reusableProof)', () => {
  const at = Date.parse('2031-03-01T08:00:00Z');
  const kept = { proof: 'proof-1', obtainedAt: at };
  it('pressing pay again within the proof’s lifetime offers it again (no second PIN)', () => {
    expect(reusableProof(kept, at)).toBe('proof-1');
    expect(reusableProof(kept, at + PAYMENT_PROOF_TTL_SECONDS * 1000 - PROOF_MARGIN_MS - 1)).toBe('proof-1');
  });
  it('near or past its end it is not offered: the validation step runs again', () => {
    expect(reusableProof(kept, at + PAYMENT_PROOF_TTL_SECONDS * 1000 - PROOF_MARGIN_MS)).toBeNull();
    expect(reusableProof(kept, at + PAYMENT_PROOF_TTL_SECONDS * 1000)).toBeNull();
    expect(reusableProof(kept, at - 1)).toBeNull(); // a clock set back: not trusted
    expect(reusableProof(null, at)).toBeNull();
  });
});

describe('what the summary does with a failed authorization (payAnswer)', () => {
  const refused = (status: number, reason?: string, extra: object = {}) => ({
    status,
    code: 'refused',
    details: reason ? { reason, ...extra } : undefined,
  });
  const card = { paymentMethodId: 'fc1' };
  it.each([
    [
      'no answer (offline, lost): pay again replays',
      { status: 0, code: 'network_error' },
      card,
      null,
      { kind: 'noAnswer' },
    ],
    [
      "a fuel card's data missing: its step asks",
      { status: 422, code: 'fuel_card_data_missing', details: { vin: true } },
      card,
      null,
      { kind: 'fuelCardData', details: { vin: true } },
    ],
    [
      "a fuel card's second factor for the order: the code step",
      refused(403, 'second_factor_required', { orderId: 'o1' }),
      card,
      null,
      { kind: 'secondFactor', orderId: 'o1' },
    ],
    [
      'a second factor without its order: the error page',
      refused(403, 'second_factor_required'),
      card,
      null,
      { kind: 'failed' },
    ],
    [
      'a second factor for a wallet token (no saved method): the error page',
      refused(403, 'second_factor_required', { orderId: 'o1' }),
      { paymentToken: { googlePayToken: 't' } },
      null,
      { kind: 'failed' },
    ],
    [
      'the kept proof refused: the validation step again at once',
      refused(403, 'validation_required'),
      { ...card, paymentProof: 'p1' },
      'p1',
      { kind: 'validateAgain' },
    ],
    [
      'a fresh proof refused: "confirm with your PIN again"',
      refused(403, 'validation_required'),
      { ...card, paymentProof: 'p2' },
      'p1',
      { kind: 'refused', refusal: { kind: 'validation' } },
    ],
    [
      'the station no longer takes the method: explained on the summary',
      refused(422, 'method_not_accepted'),
      card,
      null,
      { kind: 'refused', refusal: { kind: 'methodNotAccepted' } },
    ],
    [
      'a declined card or any other refusal: the error page',
      refused(402, 'card_declined'),
      card,
      null,
      { kind: 'failed' },
    ],
    [
      'a 409 the recovery did not answer: the error page',
      { status: 409, code: 'conflict' },
      card,
      null,
      { kind: 'failed' },
    ],
  ] as const)('%s', (_name, error, means, kept, answer) => {
    expect(payAnswer(error, means, kept)).toEqual(answer);
  });
});

describe("a wallet's answer as the authorize payload (walletMeans, §6)", () => {
  it("a signed-in driver: the token alone, in its wallet's field", () => {
    expect(walletMeans('APPLE_PAY', { token: 't1' })).toEqual({ paymentToken: { applePayToken: 't1' } });
    expect(walletMeans('AMAZON_PAY', { token: 't2' })).toEqual({ paymentToken: { amazonPayToken: 't2' } });
  });
  it("a guest: the wallet's email and billing address as userDetails, empty parts left out", () => {
    expect(
      walletMeans('GOOGLE_PAY', {
        token: 't3',
        email: 'guest@example.org',
        firstName: 'Ana',
        address: { street: 'Main 1', street2: '', city: 'Porto', countryCode: 'PT' },
      }),
    ).toEqual({
      paymentToken: { googlePayToken: 't3' },
      userDetails: {
        invoiceEmail: 'guest@example.org',
        firstName: 'Ana',
        address: { street: 'Main 1', city: 'Porto', countryCode: 'PT' },
      },
    });
  });
});
