// The station map as home (issue 15), in Chromium with software WebGL (SwiftShader), against the real server and its
// seeded network (the demo stations plus 2,000 generated ones, deterministic).

import { DEMO_STATIONS } from '../../server/seed/stations';
import { chromiumWith, SOFTWARE_WEBGL } from './browser';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, expectHome, waitForServiceWorker } from './helpers';

test.use(chromiumWith(SOFTWARE_WEBGL));

const BERLIN = { latitude: 52.52, longitude: 13.405 };

/** A first visit, "Continue as guest": the driver lands on the map. */
async function openMapAsGuest(page: Page, query = '') {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expectHome(page);
  if (query) await page.goto(`/map${query}`);
}

/** The rows of the list view (the footer has a list of links too). */
const listRows = (page: Page) => page.getByRole('region', { name: 'Stations as a list' }).getByRole('listitem');
const stationMarkers = (page: Page) => page.getByRole('button', { name: /^€\d\.\d{3}, / });
const clusterMarkers = (page: Page) => page.getByRole('button', { name: /^\d+ stations, zoom in$/ });

/** Clicks the station marker nearest the middle of the map (markers at the edges may be covered by controls). */
async function tapStationNearCentre(page: Page) {
  const boxes = await stationMarkers(page).evaluateAll((els) =>
    els.map((el, i) => {
      const r = el.getBoundingClientRect();
      return { i, x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
  const inside = boxes
    .filter((b) => b.x > 40 && b.x < 320 && b.y > 160 && b.y < 600)
    .sort((a, b) => Math.hypot(a.x - 180, a.y - 370) - Math.hypot(b.x - 180, b.y - 370));
  expect(inside.length, 'a station marker in the middle of the map').toBeGreaterThan(0);
  const marker = stationMarkers(page).nth(inside[0]!.i);
  const name = (await marker.getAttribute('aria-label')) ?? '';
  await marker.click();
  return name;
}

test.describe('around a granted location', () => {
  test.use({ geolocation: BERLIN, permissions: ['geolocation'] });

  test('after login the map shows clustered, priced stations; a station card leads to Pay here', async ({ page }) => {
    await openMapAsGuest(page);
    await expect(page.getByRole('button', { name: /Filter: Super E5/ })).toBeVisible();
    await expect(stationMarkers(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(clusterMarkers(page).first()).toBeAttached();
    // The driver's own position is on the map.
    await expect(page.getByRole('img', { name: 'Your location' })).toBeAttached();
    await expectAccessible(page, 'the map');

    const label = await tapStationNearCentre(page);
    const card = page.getByRole('dialog');
    await expect(card).toBeVisible();
    // The card: price with its age, opening state, pumps, distance.
    await expect(card).toContainText(label.split(', ')[0] as string);
    await expect(card).toContainText(/updated .*ago|updated now/);
    await expect(card).toContainText(/Open 24 hours|Open until \d\d:\d\d|Closed, opens at/);
    await expect(card).toContainText(/\d+ of \d+ pumps free/);
    await expect(card.getByRole('link', { name: 'Route' })).toHaveAttribute('href', /maps/);
    await expectAccessible(page, 'the station card');

    await card.getByRole('link', { name: 'Pay here' }).click();
    await expect(page).toHaveURL(/\/pay\/pump\?(.*&)?pid=fc/);
    // The station shell: far from this station, the geofence asks to drive there.
    await expect(page.getByRole('dialog', { name: 'You are not at this station' })).toBeVisible();
  });

  test('a cluster zooms in on its stations', async ({ page }) => {
    await openMapAsGuest(page);
    const cluster = clusterMarkers(page).first();
    await expect(cluster).toBeAttached({ timeout: 20_000 });
    const handle = await cluster.elementHandle();
    await cluster.dispatchEvent('click');
    // The map zooms in on it: the cluster splits up, its marker goes.
    await expect.poll(() => handle?.evaluate((el) => el.isConnected)).toBe(false);
    await expect(stationMarkers(page).first()).toBeVisible();
  });
});

test.describe('at the Nordwind station in Berlin', () => {
  test.use({
    geolocation: { latitude: DEMO_STATIONS.prepay.latitude, longitude: DEMO_STATIONS.prepay.longitude },
    permissions: ['geolocation'],
  });

  test('filtering by DIESEL changes the prices shown; the filter stays in the URL and for the next visit', async ({
    page,
  }) => {
    await openMapAsGuest(page, '?view=list');
    const nearest = listRows(page).filter({ hasText: DEMO_STATIONS.prepay.name });
    await expect(nearest).toContainText('€1.789');
    await expectAccessible(page, 'the list view');

    await page.getByRole('button', { name: /Filter: Super E5/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter stations' });
    await expect(sheet.getByRole('button', { name: 'Super E5', pressed: true })).toBeVisible();
    await expectAccessible(page, 'the filter sheet');
    await sheet.getByRole('button', { name: 'Diesel', exact: true }).click();
    await sheet.getByRole('button', { name: 'Show stations' }).click();

    await expect(page).toHaveURL(/fuel=DIESEL/);
    await expect(nearest).toContainText('€1.659');
    await expect(nearest).not.toContainText('€1.789');

    // Local storage keeps it: the map opened without a filter in the URL shows Diesel.
    await page.goto('/map?view=list');
    await expect(page.getByRole('button', { name: /Filter: Diesel/ })).toBeVisible();
    await expect(listRows(page).filter({ hasText: DEMO_STATIONS.prepay.name })).toContainText('€1.659');
  });

  test('EV mode with CHAdeMO lists only CHAdeMO ports', async ({ page }) => {
    await openMapAsGuest(page, '?view=list');
    await page.getByRole('button', { name: /Filter:/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter stations' });
    await sheet.getByRole('button', { name: 'EV charging' }).click();
    // EV defaults: plug CCS, power All.
    await expect(sheet.getByRole('button', { name: 'CCS', pressed: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'All', pressed: true })).toBeVisible();
    await sheet.getByRole('button', { name: 'CHAdeMO' }).click();
    await sheet.getByRole('button', { name: 'Show stations' }).click();
    // A plain ev=true (not the string "true" in quotes): the address a driver can type or share.
    await expect(page).toHaveURL(/[?&]ev=true(&|$)/);
    await expect(page).toHaveURL(/plug=CHADEMO/);

    const voltway = listRows(page).filter({ hasText: DEMO_STATIONS.ev.name });
    await expect(voltway).toContainText('CHAdeMO 50 kW');
    // VoltWay also has CCS, Type 2 and Tesla ports: none of them is listed, on any station.
    const rows = listRows(page);
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('CHAdeMO');
      expect(text).not.toMatch(/CCS|Type 2|Tesla|Schuko/);
    }
  });
  test('a typed ?ev=true opens the map in EV mode with its defaults (CCS, all powers)', async ({ page }) => {
    await openMapAsGuest(page, '?view=list&ev=true');
    await expect(page.getByRole('button', { name: /^Filter: CCS · All/ })).toBeVisible();
    await expect(listRows(page).filter({ hasText: DEMO_STATIONS.ev.name })).toContainText('CCS');
  });
});

test.describe('without location access', () => {
  test.use({ permissions: [] });

  test('falls back to the default centre and says that location is off', async ({ page }) => {
    await openMapAsGuest(page);
    await expect(page.getByText('Location access is off')).toBeVisible();
    await expectAccessible(page, 'the map without location');
    // Longitude 9.7, latitude 51.43 (near Kassel and Göttingen), 100 km around: the nearest stations are there.
    await page.getByRole('button', { name: 'List' }).click();
    await expect(listRows(page).first()).toContainText(/Kassel|Göttingen/);
  });
});

test.describe('with no signal', () => {
  test.use({ geolocation: BERLIN, permissions: ['geolocation'] });

  test('an offline reload of /map draws the basemap and the kept stations', async ({ page, context }) => {
    await openMapAsGuest(page);
    await expect(stationMarkers(page).first()).toBeVisible({ timeout: 20_000 });
    await waitForServiceWorker(page);
    const seen = await stationMarkers(page).count();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(page.getByText(/Showing stations saved .* ago|Showing stations saved now/)).toBeVisible();
    await expect(stationMarkers(page).first()).toBeVisible({ timeout: 20_000 });
    expect(await stationMarkers(page).count()).toBeGreaterThan(0);
    expect(seen).toBeGreaterThan(0);
    // The markers come after the map's load, which needs the style and its data: here from the precache.
    const cached = await page.evaluate(async () =>
      Promise.all(
        ['/basemap/style.json', '/basemap/countries.json'].map(
          async (u) => !!(await caches.match(u, { ignoreSearch: true })),
        ),
      ),
    );
    expect(cached).toEqual([true, true]);
    await expectAccessible(page, 'the map offline');
    await context.setOffline(false);
  });
});
