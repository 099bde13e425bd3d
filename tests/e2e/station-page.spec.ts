// A station link's first screen as HTML (issue 16: Lighthouse /pay?pid=… 86, its largest paint 3.5 s). A new
// visitor's cold /pay?pid=… gets the station's pump selection inside #root, rendered on the server by the app's own
// components (src/ssr/station-page.tsx, server/http/station-page.ts), and the station beside it; the app puts that
// station into its cache and renders the same page over the HTML's, then confirms the station.
// Reads the prepay demo station only (no device changes: fixtures.ts).
import { expect, type Page, STATIONS, test } from './fixtures';
import { appHasRendered, expectAccessible, signInAsDemoDriver, watchRoot } from './helpers';

const PID = STATIONS.prepay.id;

/** Records #root's markup as the HTML brought it, once the document is parsed (before any app code has run). */
async function keepHtmlRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { __htmlRoot?: string }).__htmlRoot = document.getElementById('root')?.innerHTML ?? '';
    });
  });
}

/**
 * Holds the station's answer and its event stream until `release()`: the app's first screen stays the unconfirmed one
 * the server sent, to compare with it.
 */
async function holdStation(page: Page, pid: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/api/v4/pois/${pid}(/events)?$`), async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * The station page's markup without what the server does not render (the geofence sheet, the dialogs: they open on
 * the phone, from its location and the driver's taps), React's text separators, and React's generated ids.
 */
const stationMarkup = (page: Page, html?: string): Promise<string> =>
  page.evaluate((source) => {
    const root = document.createElement('div');
    root.innerHTML = source ?? document.getElementById('root')?.innerHTML ?? '';
    for (const node of root.querySelectorAll('.geofence-sheet, .geofence-backdrop, dialog')) node.remove();
    return root.innerHTML.replace(/<!-- -->/g, '').replace(/_[rR]_[\w]+_/g, '_id_');
  }, html);

for (const [language, heading, checking] of [
  ['en', 'Select pump', 'Checking the station…'],
  ['pl', 'Wybierz dystrybutor', 'Sprawdzanie stacji…'],
  ['de', 'Zapfsäule wählen', 'Station wird geprüft…'],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language });
    test("the HTML brings the station's page as the app renders it; the app takes over without a blank frame and confirms the station", async ({
      page,
    }) => {
      await watchRoot(page);
      await keepHtmlRoot(page);
      const release = await holdStation(page, PID);
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      const response = await page.goto(`/pay?pid=${PID}`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`<html data-prerendered="${language}" lang="${language}"`);
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(STATIONS.prepay.name.split(' ')[0]);
      expect(html).toMatch(/<\/template><script type="application\/json" id="station-data">\{/);
      expect(await page.evaluate(() => (window as { __parsedHeading?: string }).__parsedHeading)).toBe(heading);
      await appHasRendered(page);
      await expect(page).toHaveURL(new RegExp(`/pay/pump\\?pid=${PID}`));
      // The app's page is the HTML's: the same markup (what only the phone adds left out).
      const fromHtml = await stationMarkup(
        page,
        await page.evaluate(() => (window as { __htmlRoot?: string }).__htmlRoot),
      );
      expect(fromHtml).toContain(heading);
      expect(await stationMarkup(page)).toBe(fromHtml);
      expect(await page.evaluate(() => (window as { __blank?: boolean }).__blank ?? false)).toBe(false);
      await expect(page.locator('#app-code')).toHaveCount(0);
      await expect(page.locator('#station-data')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-prerendered');
      await expect(page.getByText(checking)).toBeVisible();
      // The server's answer comes: the station is confirmed.
      release();
      await expect(page.getByText(checking)).toHaveCount(0);
      expect(failed).toEqual([]);
    });
  });
}

// Every kind of first screen: chargers with their prices, a wash-only station, postpay pumps, more pumps than a page,
// a gift-card shop. The server's rendering (Node's ICU) and the browser's (Chromium's) format prices alike.
for (const key of ['ev', 'washOnly', 'postpay', 'manyPumps', 'giftShop'] as const) {
  test(`the ${key} station's first screen: the app's page is the HTML's`, async ({ page }) => {
    const pid = STATIONS[key].id;
    await watchRoot(page);
    await keepHtmlRoot(page);
    const release = await holdStation(page, pid);
    const response = await page.goto(`/pay?pid=${pid}`);
    expect(await response?.text()).toContain('<html data-prerendered="en"');
    await appHasRendered(page);
    const fromHtml = await stationMarkup(
      page,
      await page.evaluate(() => (window as { __htmlRoot?: string }).__htmlRoot),
    );
    expect(await stationMarkup(page)).toBe(fromHtml);
    expect(await page.evaluate(() => (window as { __blank?: boolean }).__blank ?? false)).toBe(false);
    release();
  });
}

test("a host app's link (its callback, no map link) gets the page too, as the app renders it for that link", async ({
  page,
  baseURL,
}) => {
  const query = new URLSearchParams({
    pid: PID,
    callback: `${baseURL}/legal/imprint.html?from=host-app`,
    hideRydMapLink: 'true',
  });
  await watchRoot(page);
  await keepHtmlRoot(page);
  const release = await holdStation(page, PID);
  const response = await page.goto(`/pay?${query}`);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<html data-prerendered="en"');
  expect(html).not.toContain('Find another station');
  await appHasRendered(page);
  const fromHtml = await stationMarkup(page, await page.evaluate(() => (window as { __htmlRoot?: string }).__htmlRoot));
  // The links carry the host app's query as the app's do.
  expect(fromHtml).toContain(
    `href="/settings?${new URLSearchParams({ pid: PID, callback: query.get('callback')!, hideRydMapLink: 'true', auth: '0' }).toString().replace(/&/g, '&amp;')}"`,
  );
  expect(await stationMarkup(page)).toBe(fromHtml);
  release();
  await expect(page.getByRole('button', { name: 'Find another station' })).toHaveCount(0);
});

test('the page is there before any of the app code, its links work without it, and it passes axe', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/pay?pid=${PID}`);
  await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
  await expect(page.getByText('Tap the number shown on your pump.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pump 1', exact: true })).toBeDisabled();
  await expectAccessible(page, `the prerendered /pay?pid=${PID}`);
  const settings = page.getByRole('link', { name: 'Settings' });
  await expect(settings).toHaveAttribute('href', `/settings?pid=${PID}&auth=0`);
  await page.unroute('**/assets/*.js');
  await settings.click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test("a signed-in driver never sees the new visitor's page: the app renders the driver's own", async ({ page }) => {
  await signInAsDemoDriver(page);
  await watchRoot(page);
  const start = await page.goto(`/pay?pid=${PID}`);
  expect(await start?.text()).toContain('<html data-prerendered="en"');
  // The loader dropped the markup while the HTML was parsed: nothing of it was on the screen.
  expect(await page.evaluate(() => (window as { __parsedHeading?: string | null }).__parsedHeading)).toBeNull();
  await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
  // A registered driver's chips: no "Profile" (the guest's way to log in).
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveCount(0);
});

test('a station link with more in its query, or to a station that opens elsewhere, gets the page as built', async ({
  page,
}) => {
  for (const path of [
    `/pay?pid=${PID}&partner=demo-partner`,
    `/pay?pid=${STATIONS.offline.id}`,
    `/pay?pid=${STATIONS.hintPhone.id}`,
  ]) {
    const response = await page.goto(path);
    expect(await response?.text(), path).not.toContain('<html data-prerendered');
  }
  // The hint station's first screen is its hint (the app's, not the HTML's).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
