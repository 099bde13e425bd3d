// /sdk/finish's hand-back (pay-flows.md §4, callback "true"): the result goes only to trusted origins, on every channel
// a host may listen on, and the paymentData parameter is read defensively.
import { describe, expect, it } from 'vitest';
import {
  FINISH_MESSAGE,
  finishOutcome,
  type HostWindow,
  handBack,
  parsePaymentData,
  trustedOrigin,
} from '../../src/features/embedding/model/sdk-finish';

const OWN = 'https://app.example';
const HOST = 'https://host.example';
const policy = { origins: [HOST], demoMode: false };
const amount = { amount: 900, currency: 'EUR', precision: 2 };

type Sent = { message: unknown; origin: string };
const poster = () => {
  const sent: Sent[] = [];
  return { sent, postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) };
};
const windowWith = (parts: Partial<HostWindow> & { ancestors?: string[] }): HostWindow => {
  const win: HostWindow = {
    location: {
      origin: OWN,
      ...(parts.ancestors ? { ancestorOrigins: Object.assign([...parts.ancestors], {}) } : {}),
    },
    parent: undefined,
    opener: null,
    ...parts,
  };
  if (win.parent === undefined) win.parent = win;
  return win;
};

describe('parsePaymentData', () => {
  it('keeps the three known keys when well-formed and drops the rest', () => {
    expect(
      parsePaymentData(JSON.stringify({ orderId: 'o1', state: 'COMPLETED', amount, card: '4242424242424242' })),
    ).toEqual({ orderId: 'o1', state: 'COMPLETED', amount });
    expect(parsePaymentData(JSON.stringify({ state: 'CANCELLED_PREPAY' }))).toEqual({ state: 'CANCELLED_PREPAY' });
    expect(parsePaymentData(JSON.stringify({ orderId: 'o1', state: 'X', amount: null }))).toEqual({
      orderId: 'o1',
      state: 'X',
      amount: null,
    });
  });
  it.each([
    undefined,
    '',
    'not json',
    '[1,2]',
    'null',
    '"text"',
    JSON.stringify({ orderId: 7, state: {}, amount: { amount: 1.5, currency: 'EUR', precision: 2 } }),
    JSON.stringify({ orderId: 'x'.repeat(101) }),
  ])('reads %j as nothing it can trust', (raw) => {
    expect(parsePaymentData(raw)).toEqual({});
  });
});

describe('finishOutcome', () => {
  it.each([
    [{ orderId: 'o1', state: 'COMPLETED', amount }, 'paid'],
    [{ orderId: 'o1', state: 'PRODUCT_ACQUIRED' }, 'paid'],
    [{ orderId: 'o1', state: 'READY_FOR_INVOICE' }, 'paid'],
    [{ state: 'CANCELLED_PREPAY' }, 'cancelled'],
    [{ orderId: 'o1', state: 'CANCELLED' }, 'cancelled'],
    [{ orderId: 'o1', state: 'FAILED' }, 'ended'],
    [{ orderId: 'o1', state: 'REJECTED' }, 'ended'],
    [{ orderId: 'o1', state: 'PROBLEM' }, 'ended'],
    [{ orderId: 'o1' }, 'ended'],
    [{}, 'ended'],
  ] as const)('%j → %s', (result, outcome) => {
    expect(finishOutcome(result)).toBe(outcome);
  });
});

describe('trustedOrigin', () => {
  it.each([
    [OWN, policy, true],
    [HOST, policy, true],
    ['https://host.example:443', policy, true],
    ['https://evil.example', policy, false],
    ['https://host.example.evil.example', policy, false],
    ['http://host.example', policy, false],
    ['http://localhost:5173', policy, false],
    ['http://localhost:5173', { ...policy, demoMode: true }, true],
    ['http://127.0.0.1:9000', { ...policy, demoMode: true }, true],
    ['null', policy, false],
    ['javascript:alert(1)', policy, false],
  ] as const)('%s under %j → %s', (origin, p, trusted) => {
    expect(trustedOrigin(origin, p, OWN)).toBe(trusted);
  });
});

describe('handBack', () => {
  const result = { orderId: 'o1', state: 'COMPLETED', amount };
  const message = { type: FINISH_MESSAGE, paymentData: result };

  it('posts to the framing page at the origin the browser names, when trusted', () => {
    const parent = poster();
    const used = handBack(windowWith({ parent, ancestors: [HOST] }), result, policy);
    expect(parent.sent).toEqual([{ message, origin: HOST }]);
    expect(used).toEqual([`parent ${HOST}`]);
  });

  it('posts nothing to a framing page of an untrusted origin', () => {
    const parent = poster();
    expect(handBack(windowWith({ parent, ancestors: ['https://evil.example'] }), result, policy)).toEqual([]);
    expect(parent.sent).toEqual([]);
  });

  it('without ancestorOrigins, posts to each trusted origin with that origin as target (never "*")', () => {
    const parent = poster();
    const opener = poster();
    handBack(windowWith({ parent, opener }), result, policy);
    expect(parent.sent.map((s) => s.origin)).toEqual([OWN, HOST]);
    expect(opener.sent.map((s) => s.origin)).toEqual([OWN, HOST]);
    expect([...parent.sent, ...opener.sent].every((s) => s.origin !== '*')).toBe(true);
  });

  it('uses the WebView bridges a native host injects', () => {
    const rn: string[] = [];
    const ios: unknown[] = [];
    const android: string[] = [];
    const used = handBack(
      windowWith({
        ReactNativeWebView: { postMessage: (d) => rn.push(d) },
        webkit: { messageHandlers: { forecourtPay: { postMessage: (d) => ios.push(d) } } },
        ForecourtPayAndroid: { postMessage: (d) => android.push(d) },
      }),
      result,
      policy,
    );
    expect(used).toEqual(['ReactNativeWebView', 'webkit.messageHandlers.forecourtPay', 'ForecourtPayAndroid']);
    expect(JSON.parse(rn[0] as string)).toEqual(message);
    expect(ios[0]).toEqual(message);
    expect(JSON.parse(android[0] as string)).toEqual(message);
  });

  it('a top-level page with no opener and no bridge sends nothing', () => {
    expect(handBack(windowWith({}), result, policy)).toEqual([]);
  });

  it('an opener that throws (closed, another origin) does not stop the bridges', () => {
    const rn: string[] = [];
    const opener = {
      postMessage: () => {
        throw new Error('closed');
      },
    };
    expect(
      handBack(windowWith({ opener, ReactNativeWebView: { postMessage: (d) => rn.push(d) } }), result, policy),
    ).toEqual(['ReactNativeWebView']);
  });
});
