// A running order is never lost (issue 33.4): the driver pays a prepay fill, the browser is killed while fuel flows,
// the app opened again on the map brings the order back (banner → the fuelling screen with its live meter); the fill
// ends while the app is closed again, and the banner leads to the receipt; without signal the kept order still shows.
// Against the real server: the pump is moved through the forecourt console's API, as an attendant would.
import { devices } from '@playwright/test';
import { type Browser, devicesOf, expect, type Page, STATIONS, test } from './fixtures';
import { expectAccessible, refuseOdometer, signInAsDemoDriver, waitForServiceWorker } from './helpers';

const station = STATIONS.manyPumps;
const [PUMP] = devicesOf('resume-order', 'manyPumps');
const geo = { latitude: station.latitude, longitude: station.longitude };

type Storage = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

/** A phone's browser opened afresh: a new context (nothing of the last one runs), with what the device kept. */
async function openPhone(browser: Browser, storageState?: Storage) {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
    geolocation: geo,
    permissions: ['geolocation'],
    ...(storageState ? { storageState } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The banner's row of this test's order (the demo driver may have other running orders in the banner). */
const row = (page: Page) =>
  page
    .getByRole('region', { name: 'Your running orders' })
    .getByRole('listitem')
    .filter({
      hasText: `Pump ${PUMP} at ${station.name}`,
    });

test('a fill whose app was closed comes back from the map: fuelling with the live meter, then its receipt, also offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const poi = (await (await request.get(`/api/v4/pois/${station.id}`)).json()) as {
    products: Array<{ _id: string; name: string }>;
  };
  const productId = poi.products.find((p) => p.name === PUMP)!._id;
  const pumpDevice = async () => {
    const res = await request.get(`/forecourt/api/stations/${station.id}`);
    const { devices: list } = (await res.json()) as {
      devices: Array<{ productId: string; state: string; quantity: number }>;
    };
    return list.find((d) => d.productId === productId)!;
  };
  const act = async (action: 'lift' | 'hang-up') => {
    const res = await request.post(`/forecourt/api/stations/${station.id}/devices/${productId}/${action}`, {
      data: {},
    });
    expect(res.ok(), await res.text()).toBe(true);
  };

  // 1. Pay at pump 4 and reach the fuelling screen; the banner does not show the order on its own screen.
  const first = await openPhone(browser);
  const session = await signInAsDemoDriver(first.page, `/pay?pid=${station.id}`);
  await first.page.getByRole('button', { name: `Pump ${PUMP}`, exact: true }).click();
  await expect(first.page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await first.page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await first.page.getByRole('button', { name: '€30.00' }).click();
  await refuseOdometer(first.page);
  await first.page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(first.page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  const orderId = new URL(first.page.url()).searchParams.get('orderId')!;
  await expect.poll(async () => (await pumpDevice()).state, { timeout: 15_000 }).toBe('RELEASED');
  await act('lift');
  await expect.poll(async () => (await pumpDevice()).quantity, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(row(first.page)).toHaveCount(0);
  // The device keeps its storage (local storage and IndexedDB); the page and everything it ran are gone.
  const kept = await first.context.storageState({ indexedDB: true });
  await first.context.close();

  // 2. The app opened again, on the map: the banner brings the running order back.
  const second = await openPhone(browser, kept);
  await second.page.goto('/map');
  // The banner loads after the first screen, then asks the server: on a loaded machine that takes a while.
  await expect(row(second.page)).toContainText('fuelling', { timeout: 30_000 });
  await expectAccessible(second.page, 'map with the running-order banner');
  await second.page.screenshot({ path: test.info().outputPath('resume-banner-map.png') });
  await row(second.page).getByRole('link', { name: 'Open the fuelling screen' }).click();
  await expect(second.page).toHaveURL(new RegExp(`/pay/prepay/fueling\\?.*orderId=${orderId}`));
  await expect(second.page.getByRole('heading', { name: `Pump ${PUMP}` })).toBeVisible();
  await expect(second.page.getByTestId('meter-quantity')).toContainText(/\d+([.,]\d+)? l/);
  await expect(row(second.page)).toHaveCount(0);
  const keptAgain = await second.context.storageState({ indexedDB: true });
  await second.context.close();

  // 3. The fill ends while the app is closed (the nozzle hung up); the order moves on at the server.
  await act('hang-up');
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v4/order/${orderId}`, {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        return ((await res.json()) as { state: string }).state;
      },
      { timeout: 15_000 },
    )
    .toMatch(/PRODUCT_ACQUIRED|READY_FOR_INVOICE|COMPLETED/);

  // 4. Opened again: the banner says it is done and leads to the receipt; offline it still shows what it last knew.
  const third = await openPhone(browser, keptAgain);
  await third.page.goto('/map');
  await expect(row(third.page)).toContainText('done', { timeout: 30_000 });
  await waitForServiceWorker(third.page);
  await third.context.setOffline(true);
  await third.page.reload();
  await expect(row(third.page)).toContainText('done', { timeout: 30_000 });
  await expect(third.page.getByText('Offline, last known')).toBeVisible();
  await expectAccessible(third.page, 'map offline with the kept order');
  await third.page.screenshot({ path: test.info().outputPath('resume-banner-offline.png') });
  await third.context.setOffline(false);
  await expect(third.page.getByText('Offline, last known')).toBeHidden();
  await row(third.page).getByRole('link', { name: 'Open the receipt' }).click();
  await expect(third.page).toHaveURL(new RegExp(`/pay/finish\\?.*orderId=${orderId}`));
  await expect(third.page.getByRole('article', { name: 'Receipt' })).toBeVisible();
  // Seen on its own screen: the finished order needs no banner any more.
  await third.page.goto('/map');
  await expect(third.page.getByRole('heading', { name: 'Find a station' })).toBeAttached();
  await expect(row(third.page)).toHaveCount(0);
  await third.context.close();
});
