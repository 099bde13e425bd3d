// A host app gets control back through `callback` only to an origin the server allows (pay-flows.md §4 Callback
// handling; issue 10: no open redirect). The e2e server's allowlist is its own origin, so a static page of it stands
// in for the host app (a page outside this app, which would otherwise read the query itself).
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { expectHome } from './helpers';

const station = DEMO_STATIONS.prepay;
// Far from the station: the geofence offers "Return to the map", which is the station page's exit.
test.use({ geolocation: { latitude: 48.1, longitude: 11.5 }, permissions: ['geolocation'] });

async function leaveStation(page: import('./fixtures').Page, callback: string) {
  const query = new URLSearchParams({ pid: station.id, callback, hideRydMapLink: 'true' });
  await page.goto(`/pay?${query}`);
  const overlay = page.getByRole('dialog');
  await expect(overlay.getByRole('button', { name: 'Return to the map' })).toBeVisible();
  await overlay.getByRole('button', { name: 'Return to the map' }).click();
}

test('a callback to an origin off the allowlist is refused: leaving goes to our map, not to the other site', async ({
  page,
  baseURL,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await leaveStation(page, 'https://evil.example/phish');
  await expectHome(page);
  await expect(page.getByText(/Invalid callback parameter/)).toBeVisible();
  // The refused callback is not carried on: the map's links do not offer it again.
  expect(page.url()).not.toContain('evil.example');
  expect(page.url().startsWith(`${baseURL}/map`)).toBe(true);
  expect(requests.filter((url) => new URL(url).hostname === 'evil.example')).toEqual([]);
});

test('a javascript: callback is refused the same way', async ({ page }) => {
  await leaveStation(page, 'javascript:alert(document.domain)');
  await expectHome(page);
  await expect(page.getByText(/Invalid callback parameter/)).toBeVisible();
});

test('a callback to an allowed host app takes control back there', async ({ page, baseURL }) => {
  const back = `${baseURL}/legal/imprint.html?from=host-app`;
  await leaveStation(page, back);
  await expect(page).toHaveURL(back);
});

test('without a station, an allowed callback with hideRydMapLink returns to the host app at once', async ({
  page,
  baseURL,
}) => {
  const back = `${baseURL}/legal/imprint.html?from=host-app`;
  await page.goto(`/pay?${new URLSearchParams({ callback: back, hideRydMapLink: 'true' })}`);
  await expect(page).toHaveURL(back);
});
