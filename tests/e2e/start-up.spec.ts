// Start-up without a chain (issue 16): index.html asks for what the first screen waits for beside the entry. A
// public page: its language's shell catalog only. A feature page (the pay path): also its area's catalog (pay) and the
// chunks of the pay path's mutation defaults that the root route waits for, so they load while the entry does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { APP_DB_NAME } from '../../src/db/name';
import { expect, type Page, test } from './fixtures';
import { appHasRendered, waitForServiceWorker, watchRoot } from './helpers';

/** The built app the e2e server serves (scripts/e2e-server.mjs). */
const DIST = new URL('../../dist/', import.meta.url).pathname;

const preloads = (page: Page) =>
  page
    .locator('link[rel="modulepreload"], link[rel="preload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
/** The page's stylesheets, applied or preloaded. */
const stylesheets = (page: Page) =>
  page
    .locator('link[rel="stylesheet"], link[rel="preload"][as="style"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));

test('a public page preloads only the shell catalog', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  // The page came prerendered (tests/e2e/prerender.spec.ts): its links go in with the app's code, once painted.
  await expect(page.locator('#app-code')).toHaveCount(0);
  const hrefs = await preloads(page);
  expect(hrefs.filter((h) => h.startsWith('/assets/shell-'))).toHaveLength(1);
  const areas = /^\/assets\/((pay|map|history|account)-[a-z]{2}|feature-mutations)-/;
  expect(hrefs.filter((h) => areas.test(h))).toEqual([]);
  // Its own page code is preloaded; no other page's.
  expect(hrefs.filter((h) => /^\/assets\/landing-[\w-]+\.js$/.test(h))).toHaveLength(1);
  expect(hrefs.filter((h) => /^\/assets\/(pump|login|summary)-/.test(h))).toEqual([]);
});

test.describe('a station link', () => {
  const station = DEMO_STATIONS.prepay;
  test.use({
    geolocation: { latitude: station.latitude, longitude: station.longitude },
    permissions: ['geolocation'],
  });
  test('preloads the pay catalog (no other area catalog) and the mutation defaults, which the pump page then uses', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const fetched: string[] = [];
    page.on('requestfinished', async (request) => {
      // A request that finishes as the test closes its page has no sizes any more (CI: "Target page, context or
      // browser has been closed" failed the test after its checks): it is not counted.
      const sizes = await request.sizes().catch(() => null);
      if (sizes && sizes.responseBodySize + sizes.responseHeadersSize > 0)
        fetched.push(new URL(request.url()).pathname);
    });
    // A new visitor's station link comes as HTML (tests/e2e/station-page.spec.ts): its code goes into the head once
    // the page is painted, and the app renders the page over the HTML's.
    await watchRoot(page);
    await page.goto(`/pay?pid=${station.id}`);
    await appHasRendered(page);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    const hrefs = await preloads(page);
    const catalog = hrefs.find((h) => h.startsWith('/assets/pay-en-'));
    expect(hrefs.filter((h) => /^\/assets\/(map|history|account)-[a-z]{2}-/.test(h))).toEqual([]);
    const mutations = hrefs.find((h) => h.startsWith('/assets/feature-mutations-'));
    expect(catalog).toBeTruthy();
    expect(mutations).toBeTruthy();
    // Each asked for once: the preload is the request the app's own import then reuses.
    expect(requested.filter((path) => path === catalog)).toHaveLength(1);
    expect(requested.filter((path) => path === mutations)).toHaveLength(1);
    // The pump page's code (the /pay?pid= route redirects to /pay/pump) is asked for beside the entry, not after the
    // session check: its chunk is preloaded, its stylesheet applied by the HTML (whose page needs it), each fetched once.
    const pumpChunk = hrefs.find((h) => /^\/assets\/pump-[\w-]+\.js$/.test(h));
    const pumpSheet = (await stylesheets(page)).find((h) => /^\/assets\/pump-[\w-]+\.css$/.test(h));
    expect(pumpChunk).toBeTruthy();
    expect(pumpSheet).toBeTruthy();
    expect(requested.filter((path) => path === pumpChunk)).toHaveLength(1);
    // The page's own import of the stylesheet finds it applied: not fetched again.
    expect(fetched.filter((path) => path === pumpSheet)).toHaveLength(1);
  });

  test("a cold start gets the pump page's code as links in the HTML; a start from the service worker, from the inline script", async ({
    page,
  }) => {
    const pumpChunk = /^\/assets\/pump-[\w-]+\.js$/;
    const pumpSheet = /^\/assets\/pump-[\w-]+\.css$/;
    const mutations = /^\/assets\/feature-mutations-[\w-]+\.js$/;
    // No service worker yet (a QR code scanned at the pump): the server writes the links into the page it sends.
    // (A new visitor's station link: the station's page comes as HTML, its code in a template that the page's loader
    // puts into the head once painted: tests/e2e/station-page.spec.ts.)
    await watchRoot(page);
    const cold = await page.goto(`/pay?pid=${station.id}`);
    const html = (await cold?.text()) ?? '';
    expect(html).toMatch(/<html data-prerendered="en" lang="en" data-route-preloaded/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/pump-[\w-]+\.js">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/pump-[\w-]+\.css">/);
    // A feature page: the pay path's mutation defaults too (the catalog script adds them only to an unmarked page).
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/feature-mutations-[\w-]+\.js">/,
    );
    await appHasRendered(page);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    // The inline script saw the mark and added none of its own: the page's chunk and stylesheet are linked once.
    let hrefs = await preloads(page);
    expect(hrefs.filter((h) => pumpChunk.test(h))).toHaveLength(1);
    expect((await stylesheets(page)).filter((h) => pumpSheet.test(h))).toHaveLength(1);
    expect(hrefs.filter((h) => mutations.test(h))).toHaveLength(1);

    // Installed: the service worker answers with the index.html it keeps, which has no links; the script adds them.
    await waitForServiceWorker(page);
    const warm = await page.goto(`/pay?pid=${station.id}`);
    expect(warm?.fromServiceWorker()).toBe(true);
    expect(await warm?.text()).not.toContain('<html data-route-preloaded');
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    hrefs = await preloads(page);
    expect(hrefs.filter((h) => pumpChunk.test(h))).toHaveLength(1);
    expect((await stylesheets(page)).filter((h) => pumpSheet.test(h))).toHaveLength(1);
    expect(hrefs.filter((h) => mutations.test(h))).toHaveLength(1);
  });

  test('asks for the station and the guest session at once, before the router starts', async ({ page }) => {
    // A new visitor's start. The station (open to everyone) does not wait for the guest session: the sign-in's answer
    // is held back until the station has been asked for (at most 10 s; a station that waited for the session would
    // be asked only after that). And the sign-in goes out as the app's code starts (main.tsx), not when the router's
    // guard runs: before the maintenance check, which the app makes once the first screen is painted. Order of events,
    // not a timing.
    const events: string[] = [];
    let stationAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      stationAsked = resolve;
    });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/v4/pois/${station.id}`) {
        events.push('station asked');
        stationAsked();
      }
      if (path === '/api/auth/register/guest') events.push('guest asked');
      if (path === '/api/maintenance.json') events.push('maintenance asked');
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/register/guest') events.push('guest answered');
    });
    await page.route('**/api/auth/register/guest', async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    await watchRoot(page);
    await page.goto(`/pay?pid=${station.id}`);
    // The page the HTML brought is on the screen at once; the app's own comes once the guard has the guest session.
    await appHasRendered(page);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    const order = events.join(', ');
    expect(events, order).toContain('guest answered');
    expect(events.indexOf('station asked'), order).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('station asked'), order).toBeLessThan(events.indexOf('guest answered'));
    expect(
      events.filter((e) => e === 'guest asked'),
      order,
    ).toHaveLength(1);
    await expect.poll(() => events).toContain('maintenance asked');
    expect(events.indexOf('guest asked'), order).toBeLessThan(events.indexOf('maintenance asked'));
  });

  test('shows the pump grid without waiting for zod (guest sign-in, user and station read by plain checks), asking for the station once', async ({
    page,
  }) => {
    // Every script with zod in it is held back until the grid is up: a grid that needed one would never show. (Once
    // the first screen is up, the outbox and its contracts may load while the browser is idle: that is allowed.)
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('$ZodType')) {
        held.push(route.request().url());
        await released;
      }
      await route.fulfill({ response });
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.goto(`/pay?pid=${station.id}`);
    await expect(page.getByRole('button', { name: /^Pump \d+$/ })).toHaveCount(10);
    await expect(page.getByRole('button', { name: /^Pump \d+$/ }).first()).toBeEnabled();
    release();
    expect(asked).toContain('POST /api/auth/register/guest');
    expect(asked.filter((a) => /^GET \/api\/users\/[^/]+$/.test(a))).toHaveLength(1);
    // The station was fetched beside the session; the grid, mounting later, did not ask again.
    await page.waitForTimeout(1_000);
    expect(asked.filter((a) => a === `GET /api/v4/pois/${station.id}`)).toHaveLength(1);
    // The check can see zod: a built chunk with it in, loaded by the page now, is one the check holds. (Nothing of
    // this page's start loads one any more, not even the outbox's preparation at idle.)
    const zodChunk = readdirSync(join(DIST, 'assets')).find(
      (name) => name.endsWith('.js') && readFileSync(join(DIST, 'assets', name), 'utf8').includes('$ZodType'),
    );
    expect(zodChunk).toBeTruthy();
    await page.evaluate((url) => import(url), `/assets/${zodChunk}`);
    expect(held).toContain(new URL(`/assets/${zodChunk}`, page.url()).href);
  });
});

test('the outbox: a public page with nothing waiting loads neither Dexie nor the outbox, a feature page does, and a start that may have something looks', async ({
  page,
}) => {
  const dexie: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(db|app-outbox)-[\w-]+\.js$/.test(path)) dexie.push(path);
  });
  const landing = page.getByRole('heading', { name: 'Pay at the pump from your phone' });
  const mark = () => page.evaluate(() => localStorage.getItem('forecourt-outbox-empty'));
  // A first visit: the browser has no database of the app, so nothing can wait; the mark is set without loading them.
  await page.goto('/landing');
  await expect(landing).toBeVisible();
  await expect.poll(mark).toBe('1');
  // (The idle work after the first screen runs within 2 s.)
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_500);
  expect(dexie).toEqual([]);
  // On to a feature page, where writes are made: the outbox loads now, while there is signal.
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/landing/);
  await expect.poll(() => dexie.length).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
    .toContain(APP_DB_NAME);
  // A device with the app's database and no mark (an older version's visit, say): a start on the landing page loads
  // the outbox, which looks; its drain finds nothing and sets the mark. The mark is removed from a page without the
  // app (an API answer): removed on the feature page, its outbox's first drain could set it again just before the start,
  // which then rightly loads nothing (this step failed so on a busy machine).
  await page.goto('/api/maintenance.json');
  dexie.length = 0;
  await page.evaluate(() => localStorage.removeItem('forecourt-outbox-empty'));
  await page.goto('/landing');
  await expect(landing).toBeVisible();
  await expect.poll(() => dexie.length).toBeGreaterThan(0);
  await expect.poll(mark).toBe('1');
});

test('the landing page starts without zod: its start-up answers (maintenance, host apps) are read by plain checks', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response.url());
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Both start-up calls were made (and answered) …
  expect(asked).toContain('/api/v4/host-apps');
  expect(asked).toContain('/api/maintenance.json');
  // … and no script the page loaded carries zod (the signature budget.mjs also looks for).
  const withZod: string[] = [];
  for (const url of scripts) if ((await (await page.request.get(url)).text()).includes('$ZodType')) withZod.push(url);
  expect(scripts.length).toBeGreaterThan(2);
  expect(withZod).toEqual([]);
});

test("the start's first screen shows at once; a page the driver moves to fades in", async ({ page }) => {
  // A fade from transparent would only delay the content of the first screen (and its largest contentful paint).
  await watchRoot(page);
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  // The HTML brings the page (prerender.spec.ts); its links work without the app, as whole page loads: the app's own
  // navigation is what fades in.
  await appHasRendered(page);
  const landing = page.locator('.ui-page');
  await expect(landing).not.toHaveClass(/ui-page--enter/);
  expect(await landing.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('.ui-page')).toHaveClass(/ui-page--enter/);
  expect(await page.locator('.ui-page').evaluate((el) => getComputedStyle(el).animationName)).toBe('ui-fade-in');
});

test('what the first screen does not wait for starts after it is painted: the maintenance check, the host apps, the service worker', async ({
  page,
}) => {
  // They shared a slow phone's network and main thread with the first screen's code. The order of the browser's own
  // entries (when each request started, when content was first painted), not a timing.
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await waitForServiceWorker(page);
  const seen = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const started = (pattern: RegExp) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => pattern.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
    return {
      fcp,
      maintenance: started(/^\/api\/maintenance\.json$/),
      hostApps: started(/^\/api\/v4\/host-apps$/),
      workbox: started(/^\/assets\/workbox-window[^/]*\.js$/),
    };
  });
  expect(seen.fcp).toBeDefined();
  for (const [what, starts] of Object.entries(seen).filter(([key]) => key !== 'fcp') as [string, number[]][]) {
    expect(starts.length, `${what} asked for`).toBeGreaterThan(0);
    expect(Math.min(...starts), `${what} started before the first contentful paint (${seen.fcp})`).toBeGreaterThan(
      seen.fcp as number,
    );
  }
});
