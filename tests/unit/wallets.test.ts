// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The wallet rules of the summary (pay-flows.md §4 Amazon return, §5, §6, §9), one `it` per sentence, table-style;
// and the idempotency scope of paying with a wallet token.
import { describe, expect, it } from 'vitest';
import { attemptForOrder, authorizeKeyFor } from '../../src/features/checkout/model/attempt';
import { meansKey } from '../../src/features/checkout/model/pay-means';
import {
  amazonReturn,
  walletAmount,
  walletButtons,
  walletTokenNeeded,
} from '../../src/features/checkout/model/wallets';
import { looksLikeSafari } from '../../src/features/checkout/wallets/sandbox';

const all = { GOOGLE_PAY: true, APPLE_PAY: true, AMAZON_PAY: true };
const station = (over: Partial<{ guestCheckout: boolean; supportedPaymentMeans: string[] }> = {}) => ({
  guestCheckout: true,
  supportedPaymentMeans: ['DIRECT_CREDIT', 'GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'],
  ...over,
});

describe('wallet buttons (§5, §6)', () => {
  it.each([
    [
      'a non-zero total after discounts shows wallet buttons',
      station(),
      all,
      3000,
      false,
      ['GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'],
    ],
    ['otherwise (total 0) a plain pay button', station(), all, 0, false, []],
    [
      'only the wallets the device supports',
      station(),
      { ...all, APPLE_PAY: false },
      3000,
      false,
      ['GOOGLE_PAY', 'AMAZON_PAY'],
    ],
    [
      'only the wallets the station takes',
      station({ supportedPaymentMeans: ['GOOGLE_PAY'] }),
      all,
      3000,
      false,
      ['GOOGLE_PAY'],
    ],
    ['a guest: only Apple Pay or Google Pay', station(), all, 3000, true, ['GOOGLE_PAY', 'APPLE_PAY']],
    [
      'a guest: none where the station offers no guest checkout',
      station({ guestCheckout: false }),
      all,
      3000,
      true,
      [],
    ],
    [
      'a registered driver: wallets also where there is no guest checkout',
      station({ guestCheckout: false }),
      all,
      3000,
      false,
      ['GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'],
    ],
  ] as const)('%s', (_rule, st, device, total, isGuest, expected) => {
    expect(walletButtons({ station: st, device, totalAfterDiscounts: total, isGuest })).toEqual(expected);
  });
});

describe('wallet amounts (§9: a string with 2 decimals)', () => {
  it.each([
    [{ amount: 3000, precision: 2 }, '30.00'],
    [{ amount: 5, precision: 2 }, '0.05'],
    [{ amount: 12345, precision: 3 }, '12.34'],
    [{ amount: 7, precision: 0 }, '7.00'],
    [{ amount: 0, precision: 2 }, '0.00'],
  ])('%o → %s', (price, text) => {
    expect(walletAmount(price)).toBe(text);
  });
  it('a payment with amount 0 skips wallet tokens', () => {
    expect(walletTokenNeeded(0)).toBe(false);
    expect(walletTokenNeeded(1)).toBe(true);
  });
});

describe('Amazon return (§4)', () => {
  it.each([
    [
      'a cancel flag restores the payment method and stays on the summary',
      { amazonIsCancel: 'true' },
      { kind: 'cancelled' },
    ],
    [
      'a cancel flag wins over a session id',
      { amazonIsCancel: 'true', amazonCheckoutSessionId: 's1' },
      { kind: 'cancelled' },
    ],
    [
      'a checkout-session id triggers order creation and authorization',
      { amazonCheckoutSessionId: 's1' },
      { kind: 'checkout', sessionId: 's1' },
    ],
    [
      'amazonIsCancel=false is no cancel',
      { amazonIsCancel: 'false', amazonCheckoutSessionId: 's1' },
      { kind: 'checkout', sessionId: 's1' },
    ],
    ['no Amazon flags: nothing to do', {}, null],
  ] as const)('%s', (_rule, search, expected) => {
    expect(amazonReturn(search)).toEqual(expected);
  });
});

describe('device support of the sandbox Apple Pay (as the server: Safari on Apple devices)', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      true,
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', false],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/120.0 Mobile/15E148 Safari/604.1',
      false,
    ],
  ])('%s → %s', (ua, expected) => {
    expect(looksLikeSafari(ua)).toBe(expected);
  });
});

describe('idempotency of paying with a wallet', () => {
  it('one key per saved method, one per wallet token', () => {
    expect(meansKey({ paymentMethodId: 'pm1' })).toBe('pm1');
    expect(meansKey({ paymentToken: { googlePayToken: 'tok' } })).toBe('tok');
    let n = 0;
    const next = () => `k${++n}`;
    const first = authorizeKeyFor(attemptForOrder(null, 'o1', 0), meansKey({ paymentMethodId: 'pm1' }), next);
    expect(first.key).toBe('k1');
    const again = authorizeKeyFor(first.attempt, meansKey({ paymentMethodId: 'pm1' }), next);
    expect(again.key).toBe('k1');
    const a = authorizeKeyFor(again.attempt, meansKey({ paymentToken: { googlePayToken: 'a' } }), next);
    expect(a.key).toBe('k2');
    expect(authorizeKeyFor(a.attempt, meansKey({ paymentToken: { googlePayToken: 'b' } }), next).key).toBe('k3');
  });
});
