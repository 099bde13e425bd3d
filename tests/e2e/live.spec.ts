// Push (issue 16): with every poll of the station and the order held unanswered, the console's changes still reach the
// driver's screens — the pump grid, the fueling screen with its live meter, the receipt — through the event streams.
import type { Route } from '@playwright/test';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, test } from './fixtures';
import { expectAccessible, refuseOdometer, signInAsDemoDriver } from './helpers';

const station = DEMO_STATIONS.prepay;
const [PAY_PUMP, FAULT_PUMP] = devicesOf('live', 'prepay');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/**
 * Holds every GET the polls make (the station's and any order's) without an answer, so only a stream can bring news.
 * A held request keeps react-query from starting another (a tick is skipped while one runs), so nothing polls.
 */
async function holdPolls(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname === `/api/v4/pois/${station.id}` || /^\/api\/v4\/order\/[^/]+$/.test(url.pathname),
    (route) => {
      if (route.request().method() === 'GET') held.push(route);
      else void route.continue();
    },
  );
  return held;
}

test('console changes reach the pump grid, the fueling screen (live meter) and the receipt with polling held', async ({
  page,
  browser,
}) => {
  await signInAsDemoDriver(page);

  // The console on an operator's desktop screen.
  const operator = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  const consolePage = await operator.newPage();
  await consolePage.goto(`/forecourt?station=${station.id}`);
  const consolePump = (name: string) => consolePage.getByRole('article', { name: `Pump ${name}`, exact: true });

  // The pump grid: a fault from the console shows although the station is never fetched again.
  await page.goto(`/pay?pid=${station.id}`);
  const pump4 = page.getByRole('button', { name: `Pump ${FAULT_PUMP}`, exact: true });
  await expect(pump4).toBeEnabled();
  const heldGrid = await holdPolls(page);
  await page.waitForTimeout(500);
  await consolePump(FAULT_PUMP).getByRole('button', { name: 'Fault', exact: true }).click();
  await expect(pump4).toBeDisabled({ timeout: 3_000 });
  await consolePump(FAULT_PUMP).getByRole('button', { name: 'Clear fault' }).click();
  await expect(pump4).toBeEnabled({ timeout: 3_000 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const route of heldGrid) await route.continue().catch(() => {});

  // Pay a pump, then hold the polls on the fueling screen.
  await page.getByRole('button', { name: `Pump ${PAY_PUMP}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await refuseOdometer(page);
  await expect(page.getByRole('button', { name: 'Pay €30.00' })).toBeEnabled();
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  await expect(page.getByText('The pump is ready. Lift the nozzle and start fuelling.')).toBeVisible({
    timeout: 10_000,
  });
  const held = await holdPolls(page);

  await consolePump(PAY_PUMP).getByRole('button', { name: 'Lift nozzle' }).click();
  await expect(page.getByText('Fuelling… Hang up the nozzle when you are done.')).toBeVisible({ timeout: 3_000 });
  const litres = page.getByTestId('meter-quantity');
  await expect(litres).toHaveText(/^[1-9]\d*([.,]\d+)? l$/, { timeout: 5_000 });
  const first = Number.parseFloat((await litres.innerText()).replace(',', '.'));
  await expect
    .poll(async () => Number.parseFloat((await litres.innerText()).replace(',', '.')), { timeout: 5_000 })
    .toBeGreaterThan(first);
  await expect(page.getByTestId('meter-amount')).toHaveText(/€\d+\.\d{2}/);
  await expectAccessible(page, 'fueling with the live meter');
  await page.screenshot({ path: '/tmp/live-fueling.png' });

  await consolePump(PAY_PUMP).getByRole('button', { name: 'Hang up' }).click();
  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 5_000 });
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Charged', { timeout: 5_000 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const route of held) await route.continue().catch(() => {});
  await operator.close();
});
