// Postpay fuel as a driver does it (pay-flows.md §4 Postpay flow): choose the pump, fuel (the forecourt console plays
// the nozzle), see the summary with what was dispensed, pay, get the receipt. Left unpaid, the order expires (the test
// shortens the station's expiry through the e2e server's test knob), and a cancel before fuel flows ends on the cancel page. The demo account asks
// for the odometer before payment: the first test gives a reading (the receipt records the cost with it), the others
// refuse.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, expect, type Page, test } from './fixtures';
import { expectAccessible, refuseOdometer, signInAsDemoDriver } from './helpers';

const station = DEMO_STATIONS.postpay;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/** The forecourt console in its own context (an operator's screen), opened on the postpay station. */
async function openConsole(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/forecourt?station=${station.id}`);
  return { page, close: () => context.close() };
}

/**
 * Choose the pump, answer the odometer screen (pay-flows.md §2: before the order, as for prepay), and wait for the
 * pump to be released for the new order.
 */
async function choosePump(page: Page, pump: string, odometer: (page: Page) => Promise<void> = refuseOdometer) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  await odometer(page);
  await expect(page).toHaveURL(/\/pay\/postpay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: `Pump ${pump}` })).toBeVisible();
  await expect(page.getByText('The pump is ready. Lift the nozzle and start fuelling.')).toBeVisible();
}

/** Lift, let fuel flow for `ms`, hang up: at the console. */
async function fuel(browser: Browser, pump: string, ms: number, driver?: Page) {
  const forecourt = await openConsole(browser);
  try {
    const device = forecourt.page.getByRole('article', { name: `Pump ${pump}`, exact: true });
    await expect(device).toContainText('RELEASED');
    await device.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(device).toContainText('DISPENSING');
    if (driver) await expect(driver.getByText('Fuelling… Hang up the nozzle when you are done.')).toBeVisible();
    await forecourt.page.waitForTimeout(ms);
    await device.getByRole('button', { name: 'Hang up' }).click();
    await expect(device).toContainText(/HUNG_UP|IDLE/);
  } finally {
    await forecourt.close();
  }
}

/** The driver's reading, set once the server has told the vehicle's last one (a reading below it is refused). */
let readingKm = 0;

/**
 * A reading below the vehicle's last one goes with the create and is refused (422): back on the screen with the input
 * kept and the last reading named; then a reading above it.
 */
async function giveReading(page: Page) {
  await expect(page).toHaveURL(/\/pay\/odometer\?.*next=postpay/);
  const km = page.getByLabel('Mileage in km');
  await km.fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();
  const reason = page.getByText(/The mileage cannot be lower than the last reading \(([\d,]+) km\)\./);
  await expect(reason).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await expect(km).toHaveValue('1');
  const last = Number((/\(([\d,]+) km\)/.exec((await reason.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
  expect(last).toBeGreaterThan(1);
  readingKm = last + 37;
  await km.fill(String(readingKm));
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('postpay: pump, odometer, fuel, summary with the dispensed litres, pay, receipt, cost recorded with the reading', async ({
  page,
  browser,
}) => {
  // The console in a second context plus the whole flow: longer than the default on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signInAsDemoDriver(page);
  await choosePump(page, '2', giveReading);
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  await expectAccessible(page, 'postpay fueling');
  // The summary asks the voucher preview for the fill (the demo driver's voucher cards are off: no discount).
  const preview = page.waitForResponse((r) => r.url().endsWith('/v4/vouchers/discount-preview'));
  await fuel(browser, '2', 3_000, page);
  expect((await preview).status()).toBe(200);

  await expect(page).toHaveURL(/\/pay\/postpay\/summary\?/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const facts = page.locator('.order-facts');
  await expect(facts).toContainText(/Quantity\s*\d+([.,]\d+)? l/);
  await expect(facts).toContainText('Pump2');
  const pay = page.getByRole('button', { name: /^Pay €\d+\.\d{2}$/ });
  await expect(pay).toBeEnabled();
  const amount = (await pay.innerText()).replace('Pay ', '');
  await expect(facts).toContainText(`Total${amount}`);
  await expectAccessible(page, 'postpay summary');
  await pay.click();

  // The receipt records the paid order as a cost with the reading, once (pay-flows.md §4 Finish, §7).
  const recorded = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/v4/account-history/costs/by-order/${orderId}`),
  );
  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(`Charged${amount}`);
  await expectAccessible(page, 'postpay receipt');
  expect((await recorded).status()).toBe(200);

  // The history's payment event carries the reading and "tank not full" (the order completes a few seconds later).
  const payment = async () =>
    page.evaluate(async (id) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const res = await fetch('/api/v4/account-history?types=PAYMENT&limit=100', {
        headers: { Authorization: `Bearer ${auth.token}` },
      });
      const body = (await res.json()) as {
        events: Array<{ _id: string; payment: { orderId: string; odometer: number | null; tankFull: boolean | null } }>;
      };
      return body.events.find((e) => e.payment?.orderId === id) ?? null;
    }, orderId);
  await expect
    .poll(
      async () => {
        const event = await payment();
        return event && { odometer: event.payment.odometer, tankFull: event.payment.tankFull };
      },
      { timeout: 20_000 },
    )
    .toEqual({ odometer: readingKm * 1000, tankFull: false });
  const event = (await payment())!;
  await page.goto(`/history/${event._id}`);
  const fields = page.locator('dl.history-fields');
  await expect(fields).toContainText('Tank filled upNo');
  await expect(fields).toContainText(`Order${orderId}`);
});

test('postpay: left unpaid, the order expires and the summary shows the expired-order error', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoDriver(page);
  await choosePump(page, '3');
  await fuel(browser, '3', 1_500);
  await expect(page).toHaveURL(/\/pay\/postpay\/summary\?/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Pay €/ })).toBeEnabled();
  // The driver waits: the station's expiry, shortened to a second now (scripts/e2e-server.mjs TEST_KNOBS), passes
  // while the summary keeps watching the order.
  const expiry = (seconds: number | null) =>
    page.request.put(`/api/dev/knobs/stations/${station.id}/postpay-expiry`, { data: { seconds } });
  expect((await expiry(1)).status()).toBe(200);
  try {
    await expect(page).toHaveURL(/\/error\?type=fueling_postpay_order/, { timeout: 15_000 });
  } finally {
    expect((await expiry(null)).status()).toBe(200);
  }
  await expect(page.getByRole('heading', { name: 'Your order has expired' })).toBeVisible();
  await expectAccessible(page, 'expired postpay order');
});

test('postpay: cancel before fuel flows ends on the cancel page', async ({ page }) => {
  await signInAsDemoDriver(page);
  await choosePump(page, '4');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page).toHaveURL(/\/pay\/cancel\?.*state=CANCELLED_POSTPAY/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Order cancelled' })).toBeVisible();
});
