// Postpay fuel as a driver does it (pay-flows.md §4 Postpay flow): choose the pump, fuel (the forecourt console plays
// the nozzle), see the summary with what was dispensed, pay, get the receipt. Left unpaid, the order expires (the e2e
// server sets POSTPAY_EXPIRY_SECONDS=25), and a cancel before fuel flows ends on the cancel page.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, expect, type Page, test } from './fixtures';
import { expectAccessible, expectHome } from './helpers';

const station = DEMO_STATIONS.postpay;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function loginAsDemoDriver(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@example.com');
  await page.getByLabel('Password', { exact: true }).fill('forecourt-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHome(page);
}

/** The forecourt console in its own context (an operator's screen), opened on the postpay station. */
async function openConsole(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/forecourt?station=${station.id}`);
  return { page, close: () => context.close() };
}

/** Choose the pump and wait for it to be released for the new order. */
async function choosePump(page: Page, pump: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
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

test('postpay: pump, fuel, summary with the dispensed litres, pay, receipt', async ({ page, browser }) => {
  // The console in a second context plus the whole flow: longer than the default on a loaded 2-core machine.
  test.setTimeout(120_000);
  await loginAsDemoDriver(page);
  await choosePump(page, '2');
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

  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(`Charged${amount}`);
  await expectAccessible(page, 'postpay receipt');
});

test('postpay: left unpaid, the order expires and the summary shows the expired-order error', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAsDemoDriver(page);
  await choosePump(page, '3');
  await fuel(browser, '3', 1_500);
  await expect(page).toHaveURL(/\/pay\/postpay\/summary\?/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Pay €/ })).toBeEnabled();
  // POSTPAY_EXPIRY_SECONDS=25 on the e2e server; the summary keeps watching the order.
  await expect(page).toHaveURL(/\/error\?type=fueling_postpay_order/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Your order has expired' })).toBeVisible();
  await expectAccessible(page, 'expired postpay order');
});

test('postpay: cancel before fuel flows ends on the cancel page', async ({ page }) => {
  await loginAsDemoDriver(page);
  await choosePump(page, '4');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page).toHaveURL(/\/pay\/cancel\?.*state=CANCELLED_POSTPAY/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Order cancelled' })).toBeVisible();
});
