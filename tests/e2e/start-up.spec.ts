// Start-up without a chain (issue 16): index.html asks for what the first screen waits for beside the entry. A
// public page: its language's shell catalog only. A feature page (the pay path): also its area's catalog (pay) and the
// chunks of the pay path's mutation defaults that the root route waits for, so they load while the entry does.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, type Page, test } from './fixtures';

const preloads = (page: Page) =>
  page
    .locator('link[rel="modulepreload"], link[rel="preload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));

test('a public page preloads only the shell catalog', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
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
      const { responseBodySize, responseHeadersSize } = await request.sizes();
      if (responseBodySize + responseHeadersSize > 0) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(`/pay?pid=${station.id}`);
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
    // session check: its chunk and stylesheet are preloaded and each fetched once.
    const pumpChunk = hrefs.find((h) => /^\/assets\/pump-[\w-]+\.js$/.test(h));
    const pumpSheet = hrefs.find((h) => /^\/assets\/pump-[\w-]+\.css$/.test(h));
    expect(pumpChunk).toBeTruthy();
    expect(pumpSheet).toBeTruthy();
    expect(requested.filter((path) => path === pumpChunk)).toHaveLength(1);
    // The stylesheet link the page then adds is served from the preload (the memory cache), not fetched again.
    expect(fetched.filter((path) => path === pumpSheet)).toHaveLength(1);
  });

  test('asks for the station beside the guest session, not after it', async ({ page }) => {
    // A new visitor's start: the guest sign-in answers, then the user is read; the station (open to everyone) is
    // asked for before the sign-in has answered. Order of events, not a timing.
    const events: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/v4/pois/${station.id}`) events.push('station asked');
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/register/guest') events.push('guest answered');
    });
    await page.goto(`/pay?pid=${station.id}`);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    expect(events).toContain('guest answered');
    expect(events.indexOf('station asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('station asked')).toBeLessThan(events.indexOf('guest answered'));
  });
});

test('a start whose outbox is known to be empty loads neither Dexie nor the outbox; one that does not know looks', async ({
  page,
}) => {
  const dexie: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(db|app-outbox)-[\w-]+\.js$/.test(path)) dexie.push(path);
  });
  // First start: no mark, so the outbox is loaded after the first screen; its drain finds nothing and sets the mark.
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('forecourt-outbox-empty'))).toBe('1');
  expect(dexie.length).toBeGreaterThan(0);
  // Next start: the mark says nothing waits. The idle work after the first screen (at most 2 s) does not load them.
  dexie.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_500);
  expect(dexie).toEqual([]);
});
