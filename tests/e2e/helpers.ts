import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Register through the app's forms, as a driver does (auth.spec.ts walks them). Ends signed in, on the settings page. */
export async function registerThroughForms(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('link', { name: 'Register with email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await openSettingsFromHome(page);
}

/**
 * Keeps a session the way the app does, the auth record in local storage (shell-and-account.md §3), then opens `path`.
 * Any page of the origin gives access to its local storage; the maintenance file is the lightest.
 */
export async function keepSession(
  page: Page,
  reply: { auth_token: string; _id: string },
  path?: string,
): Promise<void> {
  await page.goto('/api/maintenance.json');
  await page.evaluate(
    ([token, userId]) =>
      localStorage.setItem('auth', JSON.stringify({ expiry: Date.now() + 3_600_000, token, userId, isGuest: false })),
    [reply.auth_token, reply._id],
  );
  if (path) await page.goto(path);
}

/**
 * A new registered driver, signed in, on the settings page: registered through the API (the forms are walked by
 * registerThroughForms in auth.spec.ts) and signed in as the app keeps a session. Skips the landing page and the map
 * every other test would load first.
 */
export async function registerByMail(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/register', { data: { email, password, termsAccepted: true } });
  expect(res.status(), await res.text()).toBe(201);
  await keepSession(page, await res.json(), '/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

/**
 * Switches an account's features at the forecourt console's operator API (as an operator would), from a context of
 * its own; returns the console's answer.
 */
export async function switchAccountFeatures(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  features: Record<string, boolean>,
): Promise<{ features: Record<string, { enabled: boolean }> }> {
  const operator = await browser.newContext({ baseURL });
  try {
    const switched = await operator.request.patch('/forecourt/api/accounts/features', { data: { email, ...features } });
    expect(switched.status(), await switched.text()).toBe(200);
    return await switched.json();
  } finally {
    await operator.close();
  }
}

/**
 * The seeded demo driver (driver@example.com), signed in through the API, then on `path` (without one, no page of the
 * app is loaded yet: the caller opens its own). The login form itself is walked
 * by auth.spec.ts ("the demo driver logs in with the seeded account"); here it would only load the login page and the
 * map before every test.
 */
export async function signInAsDemoDriver(page: Page, path?: string): Promise<{ token: string; userId: string }> {
  const res = await page.request.post('/api/auth/login/local', {
    data: { email: 'driver@example.com', password: 'forecourt-demo' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const reply = (await res.json()) as { auth_token: string; _id: string };
  await keepSession(page, reply, path);
  return { token: reply.auth_token, userId: reply._id };
}

/** A card added on the sandbox provider's page from /profile/payments, as a driver adds one (ends on the confirmation). */
export async function addCardOnProviderPage(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: /^Credit or debit card/ }).click();
  await expect(page).toHaveURL(/\/psp\/cards\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Name on card').fill('Ada Driver');
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2034');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Your card was added')).toBeVisible();
}

/** After signing in a driver lands on the station map, the home (shell-and-account.md §2.1 "/ … else to /map"). */
export async function expectHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/map(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Find a station' })).toBeAttached();
}

/** From the home (the map), the settings are its top-right button. */
export async function openSettingsFromHome(page: Page): Promise<void> {
  await expectHome(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

/** Waits until the service worker is active and controls the page (STACK.md). page.evaluate awaits the promise;
 *  waitForFunction would take the returned promise itself as a truthy answer. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * axe-core on the page as it is now (WCAG 2.2 A and AA rules): the test fails with the list of violations; and the
 * page must not scroll sideways at the test's phone width. Call it on every screen a test reaches, in the states
 * worth checking (errors shown, a sheet open).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Once the screen has settled: a page fades in and a button's colour eases when it turns enabled, and a colour caught
  // half-way fails the contrast rule. Endless animations (a spinner, the fuelling pulse) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode: axe.run in the page (and, through axe's own frame messages, in its frames). The default mode finishes
  // every run in a new blank page of the context, with axe injected again there: 1.2-5.5 s a call against 0.5-0.8 s
  // measured on this machine, 140 calls in the suite. Both found the same violations, an iframe's included, in a
  // page made to have some (image-alt, button-name, label, target-size); the app has no cross-origin frame.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe-core on ${label}`).toEqual([]);
  // The screen fits a 360 px phone: nothing makes the page scroll sideways (a driver's thumb would pan it). A hidden
  // file input styled as a text field once stuck 16 px out of the cost form.
  const sideways = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return [];
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && getComputedStyle(e).position !== 'fixed')
      .map(
        (e) =>
          `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> right edge ${Math.round(e.getBoundingClientRect().right)}`,
      )
      .slice(0, 5);
    return wide.length ? wide : [`the page is ${scrollWidth} px wide`];
  });
  expect(sideways, `${label} scrolls sideways at ${page.viewportSize()?.width} px`).toEqual([]);
}

/**
 * The demo account asks for the odometer before payment (showOdometerScreenBeforeCheckout, pay-flows.md §2): the
 * driver refuses to give it (REFUSED), and the summary follows.
 */
export async function refuseOdometer(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await page.getByRole('button', { name: "Skip, I don't want to give it" }).click();
}

/**
 * A prerendered page (tests/e2e/prerender.spec.ts). Records, from the HTML's own parse on: the #root the HTML brought
 * (to tell the app's from it), the heading it had when the document was parsed, and whether #root was ever empty
 * after that (a blank frame between the two pages).
 */
export const watchRoot = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const w = window as unknown as { __fromHtml?: Element | null; __parsedHeading?: string | null; __blank?: boolean };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      w.__fromHtml = document.getElementById('root');
      w.__parsedHeading = document.querySelector('h1')?.textContent ?? null;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root && !root.firstElementChild) w.__blank = true;
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
  });
};

/** Once the app has rendered its own page over the HTML's (after watchRoot). */
export const appHasRendered = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== (window as unknown as { __fromHtml?: Element }).__fromHtml && !!root?.querySelector('h1');
  });
