// What the shell shows per route (shell-and-account.md §2.3): title key, back button, language button, footer, help.

export type TitleKey =
  | 'address'
  | 'vat'
  | 'settings'
  | 'fueling'
  | 'fuelSelection'
  | 'amountSelection'
  | 'success'
  | 'washSelection'
  | 'maintenance'
  | 'changePassword'
  | 'history'
  | 'profile'
  | 'tutorials';

const TITLES: Array<[RegExp, TitleKey]> = [
  [/^\/address$/, 'address'],
  [/^\/tax$/, 'vat'],
  [/^\/settings$/, 'settings'],
  [/^\/change-password$/, 'changePassword'],
  [/^\/pay\/(prepay|postpay)\/fueling$/, 'fueling'],
  [/^\/pay\/prepay\/fuelselection$/, 'fuelSelection'],
  [/^\/pay\/prepay\/amount$/, 'amountSelection'],
  [/^\/pay\/(wash\/)?finish$/, 'success'],
  [/^\/pay\/postpay\/wash$/, 'washSelection'],
  [/^\/maintenance$/, 'maintenance'],
  [/^\/history(\/|$)/, 'history'],
  [/^\/profile(\/|$)/, 'profile'],
  [/^\/tutorials(\/|$)/, 'tutorials'],
];

export function titleFor(path: string): TitleKey | null {
  for (const [pattern, key] of TITLES) if (pattern.test(path)) return key;
  return null;
}

/**
 * "The back button shows on /pay subpages, /change-password and /settings. It does not show on finish, pump, summary
 *  and payment-register pages."
 */
export function showsBackButton(path: string): boolean {
  if (path === '/change-password' || path === '/settings') return true;
  // The logbook's pages (not in the spec's list, which predates them): a way back, as on settings.
  if (path === '/history' || path.startsWith('/history/')) return true;
  // The account area likewise (its pages postdate the spec's list too): /profile and below, /address, /tax.
  if (path === '/address' || path === '/tax' || path === '/profile') return true;
  if (path.startsWith('/profile/')) return !path.endsWith('/payment-register');
  // The tutorials ("as listed"): reached from the profile, a way back to it.
  if (path === '/tutorials' || path.startsWith('/tutorials/')) return true;
  if (!path.startsWith('/pay/')) return false;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return !['finish', 'pump', 'summary', 'payment-register'].includes(last);
}

/** "On /pay itself a profile button shows instead." */
export function showsProfileButton(path: string): boolean {
  return path === '/pay' || path === '/pay/';
}

/** "The language button shows only on landing, onboarding and settings." */
export function showsLanguageButton(path: string): boolean {
  return path === '/landing' || path === '/onboarding' || path === '/settings';
}

/** "A support chat widget shows only on /landing, /login, /register and /settings." */
export function showsSupportWidget(path: string): boolean {
  return path === '/landing' || path === '/login' || path === '/register' || path === '/settings';
}

/** "/map: Full-width layout, no top-bar title" (titleFor has no title for it; the map fills the width). */
export function isFullWidth(path: string): boolean {
  return path === '/map' || path === '/map/';
}

/** "The footer is hidden on /settings." */
export function showsFooter(path: string): boolean {
  return path !== '/settings';
}

/** "On /pay/ pages it goes to the previous page of the pay flow." */
const PAY_FLOW_BACK: Record<string, string> = {
  '/pay/prepay/fuelselection': '/pay',
  '/pay/prepay/amount': '/pay/prepay/fuelselection',
  '/pay/prepay/fueling': '/pay/prepay/summary',
  '/pay/cancel': '/pay',
};

export function payFlowPrevious(path: string): string | null {
  return PAY_FLOW_BACK[path] ?? null;
}

/** Pages a signed-in driver never goes back to: signing in is done, not a place to return to. */
const SIGN_IN_PAGES = [
  '/login',
  '/landing',
  '/register',
  '/register/mail',
  '/forgotten-password',
  '/change-tmp-password',
];

/**
 * Back behaviour:
 * - "From onboarding to settings, or from / or /error, it goes to /pay."
 * - "On the payments profile pages, when coming from the MB WAY page, it goes to /pay."
 * - "On /pay/ pages it goes to the previous page of the pay flow." (the pay flow passes its own previous page)
 * - "Otherwise it goes to the previously visited route" — except a sign-in page: back after logging in goes to the
 *   start (/), not to the login form again.
 */
export function backTarget(current: string, previous: string | null, payFlowPrevious: string | null = null): string {
  if (current === '/settings' && previous === '/onboarding') return '/pay';
  if (previous === '/' || previous === '/error') return '/pay';
  if (current.startsWith('/profile/payments') && previous === '/payment-method/mbway') return '/pay';
  if (current.startsWith('/pay/')) return payFlowPrevious ?? '/pay';
  if (previous && SIGN_IN_PAGES.includes(previous)) return '/';
  return previous ?? '/';
}

/** shell-and-account.md §9: "Help hotline hours: Monday to Friday, 9:00 to 18:00 (GMT+2)." */
export function isHotlineOpen(now: Date): boolean {
  const shifted = new Date(now.getTime() + 2 * 60 * 60 * 1000);
  const day = shifted.getUTCDay();
  const hour = shifted.getUTCHours();
  return day >= 1 && day <= 5 && hour >= 9 && hour < 18;
}
