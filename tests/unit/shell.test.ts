// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import {
  backTarget,
  isHotlineOpen,
  showsBackButton,
  showsFooter,
  showsLanguageButton,
  showsProfileButton,
  showsSupportWidget,
  titleFor,
} from '../../src/app/shell-rules';

describe('top bar (shell-and-account.md §2.3)', () => {
  it.each([
    ['/settings', 'settings'],
    ['/address', 'address'],
    ['/tax', 'vat'],
    ['/maintenance', 'maintenance'],
    ['/pay/prepay/fueling', 'fueling'],
    ['/pay/postpay/fueling', 'fueling'],
    ['/pay/prepay/fuelselection', 'fuelSelection'],
    ['/pay/prepay/amount', 'amountSelection'],
    ['/pay/finish', 'success'],
    ['/pay/postpay/wash', 'washSelection'],
    ['/profile', 'profile'],
    ['/profile/manage', 'profile'],
    ['/profile/wash/abc', 'profile'],
    ['/tutorials', 'tutorials'],
    ['/tutorials/car-wash', 'tutorials'],
    ['/landing', null],
    ['/map', null],
  ])('title of %s is %s', (path, key) => {
    expect(titleFor(path)).toBe(key);
  });
  it('the back button shows on /pay subpages, /change-password and /settings', () => {
    for (const path of ['/change-password', '/settings', '/pay/prepay/amount', '/pay/prepay/fueling'])
      expect(showsBackButton(path)).toBe(true);
  });
  it('the account pages (/profile and below, /address, /tax) have a way back too', () => {
    for (const path of [
      '/profile',
      '/profile/manage',
      '/profile/cars',
      '/address',
      '/tax',
      '/tutorials',
      '/tutorials/x',
    ])
      expect(showsBackButton(path)).toBe(true);
  });
  it('not on finish, pump, summary and payment-register pages, nor elsewhere', () => {
    for (const path of [
      '/pay/finish',
      '/pay/pump',
      '/pay/prepay/summary',
      '/profile/payments/payment-register',
      '/pay',
      '/login',
      '/landing',
    ])
      expect(showsBackButton(path)).toBe(false);
  });
  it('a profile button shows on /pay itself', () => {
    expect(showsProfileButton('/pay')).toBe(true);
    expect(showsProfileButton('/pay/prepay/amount')).toBe(false);
  });
  it('the language button shows only on landing, onboarding and settings', () => {
    for (const path of ['/landing', '/onboarding', '/settings']) expect(showsLanguageButton(path)).toBe(true);
    for (const path of ['/login', '/register', '/', '/error']) expect(showsLanguageButton(path)).toBe(false);
  });
  it('the support widget shows only on /landing, /login, /register and /settings', () => {
    for (const path of ['/landing', '/login', '/register', '/settings']) expect(showsSupportWidget(path)).toBe(true);
    for (const path of ['/register/mail', '/onboarding', '/error']) expect(showsSupportWidget(path)).toBe(false);
  });
  it('the footer is hidden on /settings only', () => {
    expect(showsFooter('/settings')).toBe(false);
    expect(showsFooter('/landing')).toBe(true);
  });
});

describe('back behaviour', () => {
  it('from onboarding to settings it goes to /pay', () => {
    expect(backTarget('/settings', '/onboarding')).toBe('/pay');
  });
  it('coming from / or /error it goes to /pay', () => {
    expect(backTarget('/change-password', '/')).toBe('/pay');
    expect(backTarget('/settings', '/error')).toBe('/pay');
  });
  it('on the payments profile pages, coming from MB WAY, it goes to /pay', () => {
    expect(backTarget('/profile/payments', '/payment-method/mbway')).toBe('/pay');
  });
  it('on /pay/ pages it goes to the previous page of the pay flow', () => {
    expect(backTarget('/pay/prepay/amount', '/settings', '/pay/prepay/fuelselection')).toBe(
      '/pay/prepay/fuelselection',
    );
    expect(backTarget('/pay/prepay/fuelselection', '/settings')).toBe('/pay');
  });
  it('after signing in, back goes to the start, not to the sign-in page', () => {
    for (const page of [
      '/login',
      '/landing',
      '/register',
      '/register/mail',
      '/forgotten-password',
      '/change-tmp-password',
    ]) {
      expect(backTarget('/settings', page)).toBe('/');
      expect(backTarget('/change-password', page)).toBe('/');
    }
  });
  it('otherwise it goes to the previously visited route', () => {
    expect(backTarget('/change-password', '/settings')).toBe('/settings');
    expect(backTarget('/settings', null)).toBe('/');
  });
});

describe('hotline hours: Monday to Friday, 9:00 to 18:00 (GMT+2)', () => {
  it.each([
    ['2026-11-23T07:00:00Z', true], // Monday 9:00 GMT+2
    ['2026-11-23T06:59:00Z', false],
    ['2026-11-27T15:59:00Z', true], // Friday 17:59
    ['2026-11-27T16:00:00Z', false], // Friday 18:00
    ['2026-11-21T10:00:00Z', false], // Saturday
  ])('%s open: %s', (iso, open) => {
    expect(isHotlineOpen(new Date(iso))).toBe(open);
  });
});
