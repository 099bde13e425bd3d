import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, STATIONS, test } from './fixtures';
import { expectAccessible, waitForServiceWorker } from './helpers';

type Station = { id: string; latitude: number; longitude: number };

async function openStation(page: Page, station: Station) {
  await page.goto(`/pay?pid=${station.id}`);
}

const [PUMP, GUEST_PUMP] = devicesOf('stations', 'prepay');
const [FAULT_PUMP] = devicesOf('stations', 'manyPumps');

function at(station: Station) {
  return { geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] };
}

test.describe('at the prepay station', () => {
  test.use(at(DEMO_STATIONS.prepay));
  test('a station link at the station shows the pump grid', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.prepay);
    await expect(page).toHaveURL(/\/pay\/pump\?/);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    await expect(page.getByText('Nordwind')).toBeVisible();
    const pumps = page.getByRole('button', { name: /^Pump \d+$/ });
    await expect(pumps).toHaveCount(10);
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeEnabled();
    await expect(page.getByRole('dialog', { name: 'You are not at this station' })).toHaveCount(0);
    await expectAccessible(page, 'pump page');
  });

  test('a guest choosing a pump is offered to log in or go on as a guest, once', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.prepay);
    await page.getByRole('button', { name: `Pump ${PUMP}`, exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'You are not logged in' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page, 'pump page with the guest modal open');
    await modal.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: `Pump ${GUEST_PUMP}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  });
});

test.describe('far from the station', () => {
  test.use({ geolocation: { latitude: 52.0, longitude: 13.0 }, permissions: ['geolocation'] });
  test('shows the geofence, and holding a button 5 s bypasses it', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.prepay);
    const overlay = page.getByRole('dialog', { name: 'You are not at this station' });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('km away');
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeDisabled();
    await expectAccessible(page, 'pump page with the geofence overlay');

    const hold = overlay.getByRole('button', { name: 'Return to the map' });
    const box = (await hold.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(5_300);
    await page.mouse.up();
    await expect(overlay).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeEnabled();
    // Still on the station: the hold did not also leave to the map.
    await expect(page).toHaveURL(/\/pay\/pump\?/);
  });
});

test.describe('location not yet allowed', () => {
  test('the reason is shown before the browser asks; the browser asks only when the driver says so', async ({
    page,
  }) => {
    // Count the position requests: none may happen on load (issue 16, no permission prompt on page load).
    await page.addInitScript(() => {
      const w = window as unknown as { __positionAsks: number };
      w.__positionAsks = 0;
      const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
      navigator.geolocation.getCurrentPosition = (...args) => {
        w.__positionAsks++;
        original(...args);
      };
    });
    await openStation(page, DEMO_STATIONS.prepay);
    const ask = page.getByRole('dialog', { name: 'Are you at the station?' });
    await expect(ask).toBeVisible();
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeDisabled();
    await expectAccessible(page, 'pump page asking for the location');
    expect(await page.evaluate(() => (window as unknown as { __positionAsks: number }).__positionAsks)).toBe(0);
    // Playwright's browser refuses a location it was not granted: the driver then reads how to allow it.
    await ask.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('dialog', { name: 'Location access needed' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __positionAsks: number }).__positionAsks)).toBe(1);
  });
});

test.describe('the forecourt console drives the station', () => {
  test.use(at(DEMO_STATIONS.manyPumps));
  test('a pump faulted from the console turns disabled within one poll', async ({ page, context }) => {
    await openStation(page, DEMO_STATIONS.manyPumps);
    // 14 pumps with a wash: 9 a page.
    await expect(page.getByRole('button', { name: /^Pump \d+$/ })).toHaveCount(9);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expectAccessible(page, 'pump page with paging and a car wash');
    const faultPump = page.getByRole('button', { name: `Pump ${FAULT_PUMP}`, exact: true });
    await expect(faultPump).toBeEnabled();

    const console = await context.newPage();
    await console.goto(`/forecourt?station=${DEMO_STATIONS.manyPumps.id}`);
    const device = console.getByRole('article', { name: `Pump ${FAULT_PUMP}`, exact: true });
    await device.getByRole('button', { name: 'Fault', exact: true }).click();
    await expect(device).toContainText('OUT_OF_ORDER');

    // Station polling runs every 5 s: one poll later the driver sees it.
    await expect(faultPump).toBeDisabled({ timeout: 7_000 });
    await expect(page.getByRole('listitem').filter({ has: faultPump })).toContainText('Out of order');

    await device.getByRole('button', { name: 'Clear fault' }).click();
    await expect(faultPump).toBeEnabled({ timeout: 7_000 });
  });
});

test.describe('a station taken offline', () => {
  test.use(at(STATIONS.goesOffline));
  test('leads the driver to the error page', async ({ page, context }) => {
    await openStation(page, STATIONS.goesOffline);
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
    const console = await context.newPage();
    await console.goto(`/forecourt?station=${STATIONS.goesOffline.id}`);
    await console.getByRole('button', { name: 'Take station offline' }).click();
    try {
      await expect(page).toHaveURL(/\/error\?.*type=STATION_OFFLINE/, { timeout: 8_000 });
      await expect(page.getByRole('heading', { name: 'Station offline' })).toBeVisible();
    } finally {
      await console.getByRole('button', { name: 'Bring station online' }).click();
      await expect(console.getByText('ONLINE').first()).toBeVisible();
    }
  });
});

test.describe('an EV station', () => {
  test.use(at(DEMO_STATIONS.ev));
  test('lists its ports first with connector, power and prices', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.ev);
    await expect(page.getByRole('heading', { name: 'Select plug' })).toBeVisible();
    const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Charger 1' }) });
    await expect(first).toContainText('CCS');
    await expect(first).toContainText('kW');
    await expect(first).toContainText(/Energy: €\d+\.\d+ per kWh/);
    await expect(first).toContainText('Free parking for 2 h');
    await expect(first).toContainText(/Blocking fee/);
    await expectAccessible(page, 'EV station');
  });
});

test.describe('a wash-only station', () => {
  test.use({ geolocation: { latitude: 40.0, longitude: -3.7 }, permissions: ['geolocation'] });
  test('skips the geofence', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.washOnly);
    await expect(page.getByRole('button', { name: 'Car wash' })).toBeEnabled();
    await expect(page.getByRole('dialog', { name: 'You are not at this station' })).toHaveCount(0);
    await expectAccessible(page, 'wash-only station');
  });
});

test.describe('hint screens', () => {
  test.use(at(DEMO_STATIONS.hintPhone));
  test('a brand with a marker shows its hint first; closing it shows the station', async ({ page }) => {
    await openStation(page, DEMO_STATIONS.hintPhone);
    await expect(page.getByRole('heading', { name: 'Please stay in your car' })).toBeVisible();
    await expectAccessible(page, 'hint screen');
    await page.getByRole('button', { name: 'Understood' }).click();
    await expect(page.getByRole('heading', { name: 'Select pump' })).toBeVisible();
  });
});

test('a station without products goes to the no-pumps error page', async ({ page }) => {
  await openStation(page, DEMO_STATIONS.noProducts);
  await expect(page.getByRole('heading', { name: 'No pumps available' })).toBeVisible();
});

test('coordinates without a pid are resolved through the nearby search', async ({ page }) => {
  const s = DEMO_STATIONS.prepay;
  await page.goto(`/pay?latitude=${s.latitude}&longitude=${s.longitude}`);
  await expect(page).toHaveURL(new RegExp(`pid=${s.id}`));
  await page.goto('/pay?latitude=0.5&longitude=-30.1');
  await expect(page.getByRole('heading', { name: 'No station found' })).toBeVisible();
});

test.describe('without signal', () => {
  test.use(at(DEMO_STATIONS.prepay));
  test('the last known station shows at once, marked out of date, pumps not selectable until confirmed', async ({
    page,
    context,
  }) => {
    await openStation(page, DEMO_STATIONS.prepay);
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeEnabled();
    await waitForServiceWorker(page);
    // The query cache is persisted at most once a second.
    await page.waitForTimeout(1_500);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Nordwind')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'This may be out of date' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeDisabled();
    await expectAccessible(page, 'pump page offline (the station out of date)');

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: `Pump ${PUMP}`, exact: true })).toBeEnabled({ timeout: 10_000 });
  });
});
