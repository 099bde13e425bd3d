// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import { callbackUrl, SDK_FINISH_URL } from '../../src/app/callback';
import { decodeRedirectTarget, registeredOnly, rootRedirect, stationRequired } from '../../src/app/guard-rules';
import {
  carryQuery,
  hasStationReference,
  leaveTarget,
  leaving,
  mapExitQuery,
  parseQuery,
  stringifyQuery,
} from '../../src/app/query-carry';

const origin = 'https://app.example';
/** The host apps the server allows (pay-flows.md §4; the allowlist of issue 10). */
const policy = { origins: ['https://host.example', 'https://h.example'], demoMode: false };
const where = { origin, policy };

describe('query rules (shell-and-account.md §2.2)', () => {
  it('carries the query from the previous route when the new route has none', () => {
    expect(carryQuery({ previous: { pid: '1', foo: 'bar', auth: '0' }, next: {}, nextPath: '/login' })).toEqual({
      pid: '1',
      foo: 'bar',
      auth: '0',
    });
  });
  it('a new route with only the shell-added auth key counts as having none', () => {
    expect(carryQuery({ previous: { partner: 'p', auth: '0' }, next: { auth: '0' }, nextPath: '/x' })).toEqual({
      partner: 'p',
      auth: '0',
    });
  });
  it('keeps the UI query keys the new query lacks, and only those', () => {
    const previous = {
      pid: '1',
      partner: 'p',
      callback: 'https://host.example/cb',
      email: 'a@b.c',
      longitude: '9.7',
      latitude: '51.4',
      mtskid: 'm',
      landscape: 'true',
      hideRydMapLink: 'true',
      orderId: 'o1',
    };
    const result = carryQuery({ previous, next: { type: 'payment' }, nextPath: '/error' });
    const { orderId: _dropped, ...ui } = previous;
    expect(result).toEqual({ ...ui, type: 'payment', auth: '0' });
  });
  it('does not overwrite a UI key the new query sets', () => {
    expect(carryQuery({ previous: { pid: '1' }, next: { pid: '2' }, nextPath: '/pay' }).pid).toBe('2');
  });
  it('with a data parameter off /register keeps only partner', () => {
    expect(carryQuery({ previous: {}, next: { data: 'x', partner: 'p', pid: '1' }, nextPath: '/login' })).toEqual({
      partner: 'p',
      auth: '0',
    });
    expect(carryQuery({ previous: {}, next: { data: 'x', pid: '1' }, nextPath: '/settings' })).toEqual({
      auth: '0',
    });
  });
  it('keeps a data parameter on /register and /register/mail', () => {
    expect(carryQuery({ previous: {}, next: { data: 'x', pid: '1' }, nextPath: '/register' })).toEqual({
      data: 'x',
      pid: '1',
      auth: '0',
    });
    expect(carryQuery({ previous: {}, next: { data: 'x' }, nextPath: '/register/mail' }).data).toBe('x');
  });
  it('skips the /register rule while the path is not known yet (link building)', () => {
    expect(carryQuery({ previous: {}, next: { data: 'x', pid: '1' }, nextPath: null }).data).toBe('x');
  });
  it("never carries the Amazon sign-in return's buyer token (single use) to the next route", () => {
    const back = { buyerToken: 'tok', referralCode: 'FRIEND01', partner: 'acme', auth: '0' };
    expect(carryQuery({ previous: back, next: {}, nextPath: '/pay' })).toEqual({
      referralCode: 'FRIEND01',
      partner: 'acme',
      auth: '0',
    });
    expect(carryQuery({ previous: back, next: { amazonError: 'used' }, nextPath: '/login' })).toEqual({
      amazonError: 'used',
      partner: 'acme',
      auth: '0',
    });
    // Where it is asked for (the return link itself), it stays.
    expect(carryQuery({ previous: {}, next: { buyerToken: 'tok' }, nextPath: '/amazonSSORedirect' })).toEqual({
      buyerToken: 'tok',
      auth: '0',
    });
  });

  it('adds auth=0 when missing and keeps a given auth value', () => {
    expect(carryQuery({ previous: {}, next: {}, nextPath: '/' })).toEqual({ auth: '0' });
    expect(carryQuery({ previous: {}, next: { auth: '1' }, nextPath: '/' })).toEqual({ auth: '1' });
  });
  it('is idempotent', () => {
    const first = carryQuery({
      previous: { pid: '1', x: 'y' },
      next: { data: 'd', partner: 'p' },
      nextPath: '/x',
    });
    expect(carryQuery({ previous: first, next: first, nextPath: '/x' })).toEqual(first);
  });
  it('parses and writes queries as plain strings', () => {
    expect(parseQuery('?pid=0123&a=b%20c')).toEqual({ pid: '0123', a: 'b c' });
    expect(stringifyQuery({ pid: '0123', gone: undefined })).toBe('?pid=0123');
    expect(stringifyQuery({})).toBe('');
  });
});

describe('leaving to the map (pay-flows.md §2)', () => {
  it('drops the order group, the payment-return group, latitude, longitude and pid', () => {
    const query = {
      pid: '1',
      latitude: '1',
      longitude: '2',
      orderId: 'o',
      orderType: 'PREPAY',
      amount: '3000',
      resultIndicator: 'r',
      sca_feedback: 's',
      partner: 'p',
      callback: 'true',
      auth: '0',
    };
    expect(mapExitQuery(query)).toEqual({ partner: 'p', callback: 'true', auth: '0' });
  });
});

describe('guards (shell-and-account.md §2.2)', () => {
  it('registered-only pages send guests to /login with the query kept', () => {
    expect(registeredOnly(false, { pid: '1' })).toEqual({ kind: 'redirect', to: '/login', search: { pid: '1' } });
    expect(registeredOnly(true, { pid: '1' })).toEqual({ kind: 'allow' });
  });
  it.each([
    ['pid', { pid: '1' }],
    ['mtskid', { mtskid: 'm' }],
    ['longitude', { longitude: '9.7' }],
  ])('a station page accepts %s in the current query', (_key, query) => {
    expect(stationRequired(query, null, null, where)).toEqual({ kind: 'allow' });
  });
  it('a station page accepts the key from the previous or the saved UI query', () => {
    expect(stationRequired({}, { pid: '1' }, null, where)).toEqual({ kind: 'allow' });
    expect(stationRequired({}, {}, { mtskid: 'm' }, where)).toEqual({ kind: 'allow' });
  });
  it('without a station the user goes to /map with the map-exit query', () => {
    expect(stationRequired({ partner: 'p', orderId: 'o' }, {}, {}, where)).toEqual({
      kind: 'leave',
      exit: { kind: 'map', search: { partner: 'p' } },
    });
    expect(stationRequired({ callback: 'https://h.example/' }, null, null, where)).toEqual({
      kind: 'leave',
      exit: { kind: 'map', search: { callback: 'https://h.example/' } },
    });
  });
  it('with callback and hideRydMapLink the user returns to the callback', () => {
    expect(stationRequired({ callback: 'https://h.example/done', hideRydMapLink: 'true' }, null, null, where)).toEqual({
      kind: 'leave',
      exit: { kind: 'callback', href: 'https://h.example/done' },
    });
  });
  it('an invalid callback falls back to /map, without the callback, and the driver is told', () => {
    expect(stationRequired({ callback: 'not a url', hideRydMapLink: 'true' }, null, null, where)).toEqual({
      kind: 'leave',
      exit: { kind: 'map', search: { hideRydMapLink: 'true' }, refusedCallback: true },
    });
  });
  it('station references', () => {
    expect(hasStationReference({ latitude: '1' })).toBe(false);
    expect(hasStationReference(null)).toBe(false);
  });
});

describe('the / route (shell-and-account.md §2.1)', () => {
  it('goes to the decoded feedback redirect target with the remaining query', () => {
    expect(rootRedirect({ redirect: encodeURIComponent('/history?tab=2'), partner: 'p' })).toEqual({
      to: '/history',
      search: { partner: 'p', tab: '2' },
    });
  });
  it('goes to /pay when a station id is present, else /map', () => {
    expect(rootRedirect({ pid: '7' })).toEqual({ to: '/pay', search: { pid: '7' } });
    expect(rootRedirect({ partner: 'p' })).toEqual({ to: '/map', search: { partner: 'p' } });
  });
  it('ignores redirect targets off our origin', () => {
    expect(decodeRedirectTarget('https://evil.example/')).toBeNull();
    expect(decodeRedirectTarget('//evil.example/')).toBeNull();
    expect(decodeRedirectTarget('%E0%A4%A')).toBeNull();
    expect(rootRedirect({ redirect: 'https://evil.example/' }).to).toBe('/map');
  });
});

describe('callback (pay-flows.md §4)', () => {
  it('the literal true leads to the SDK finish address', () => {
    expect(new URL(callbackUrl('true', undefined, origin, policy)).pathname).toBe(SDK_FINISH_URL);
  });
  it('a URL of an allowed host app is used as is, with paymentData added as JSON', () => {
    expect(callbackUrl('https://host.example/back?x=1', undefined, origin, policy)).toBe(
      'https://host.example/back?x=1',
    );
    const url = new URL(callbackUrl('https://host.example/back', { orderId: 'o1' }, origin, policy));
    expect(JSON.parse(url.searchParams.get('paymentData')!)).toEqual({ orderId: 'o1' });
  });
  it.each([
    'nope',
    'javascript:alert(1)',
    'myapp://done',
    'https://evil.example/phish',
    '//evil.example',
    'http://host.example/back',
    'https://host.example@evil.example/',
  ])("anything else raises 'Invalid callback parameter.' (%s)", (callback) => {
    expect(() => callbackUrl(callback, undefined, origin, policy)).toThrow('Invalid callback parameter.');
  });
});

describe('leaving to the map or the callback (pay-flows.md §2)', () => {
  it('goes to the callback when callback and hideRydMapLink are both present', () => {
    expect(
      leaveTarget(
        { callback: 'https://host.example/', hideRydMapLink: 'true', pid: '1' },
        { callback: 'hideMapLink', ...where },
      ),
    ).toEqual({ kind: 'callback', href: 'https://host.example/' });
  });
  it('falls back to the map when the callback is invalid, without it, telling the driver', () => {
    expect(
      leaveTarget({ callback: 'nope', hideRydMapLink: 'true', pid: '1' }, { callback: 'hideMapLink', ...where }),
    ).toEqual({ kind: 'map', search: { hideRydMapLink: 'true' }, refusedCallback: true });
  });
  it('an open redirect is refused: a callback off the allowlist falls back to the map, even with hideRydMapLink', () => {
    expect(
      leaveTarget(
        { callback: 'https://evil.example/phish', hideRydMapLink: 'true', pid: '1' },
        { callback: 'always', paymentData: { orderId: 'o1' }, ...where },
      ),
    ).toEqual({ kind: 'map', search: { hideRydMapLink: 'true' }, refusedCallback: true });
  });
  it('goes to the map with a callback alone, keeping the query minus the dropped keys', () => {
    expect(
      leaveTarget({ callback: 'https://host.example/', pid: '1', orderId: 'o' }, { callback: 'hideMapLink', ...where }),
    ).toEqual({ kind: 'map', search: { callback: 'https://host.example/' } });
  });
  it('at the end of a flow the callback takes over whenever it is valid, with the payment data', () => {
    const exit = leaveTarget(
      { callback: 'https://host.example/back', orderId: 'o1' },
      { callback: 'always', paymentData: { orderId: 'o1', state: 'COMPLETED' }, ...where },
    );
    expect(exit.kind).toBe('callback');
    const url = new URL(exit.kind === 'callback' ? exit.href : '');
    expect(JSON.parse(url.searchParams.get('paymentData')!)).toEqual({ orderId: 'o1', state: 'COMPLETED' });
  });
  it('the literal true resolves to the SDK finish address of this origin', () => {
    expect(leaveTarget({ callback: 'true' }, { callback: 'always', ...where })).toEqual({
      kind: 'callback',
      href: `${origin}${SDK_FINISH_URL}`,
    });
  });
  it('without a callback the end of a flow goes to the map, dropping the order and payment-return groups', () => {
    expect(
      leaveTarget(
        { pid: '1', orderId: 'o1', orderType: 'PREPAY', state: 'CANCELLED_PREPAY', partner: 'p', auth: '0' },
        { callback: 'always', ...where },
      ),
    ).toEqual({ kind: 'map', search: { partner: 'p', auth: '0' } });
  });
});

describe('a query left with on purpose carries nothing', () => {
  it('the map exit is not refilled from the page it leaves (the receipt OK kept the whole order query)', () => {
    const previous = { pid: '1', orderId: 'o1', orderType: 'PREPAY', amount: '3000', auth: '0', partner: 'p' };
    const exit = mapExitQuery(previous);
    expect(carryQuery({ previous, next: leaving(exit), nextPath: null })).toEqual({ partner: 'p', auth: '0' });
    // Without the mark the carry rule would bring the order back: the exit has only keys the shell treats as none.
    expect(carryQuery({ previous, next: { auth: '0' }, nextPath: null }).orderId).toBe('o1');
  });
  it('an empty exit gets only the shell auth flag', () => {
    expect(carryQuery({ previous: { pid: '1', x: 'y' }, next: leaving({}), nextPath: '/settings' })).toEqual({
      auth: '0',
    });
  });
  it('the data rule still applies to a query left with', () => {
    expect(carryQuery({ previous: {}, next: leaving({ data: 'x', partner: 'p' }), nextPath: '/login' })).toEqual({
      partner: 'p',
      auth: '0',
    });
  });
  it('keys set to undefined count as absent', () => {
    expect(carryQuery({ previous: { pid: '1' }, next: { orderId: undefined }, nextPath: null })).toEqual({
      pid: '1',
      auth: '0',
    });
  });
});
