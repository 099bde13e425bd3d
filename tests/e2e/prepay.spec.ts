import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expectHome, waitForServiceWorker } from './helpers';

const station = DEMO_STATIONS.prepay;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function loginAsDemoDriver(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@example.com');
  await page.getByLabel('Password', { exact: true }).fill('forecourt-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHome(page);
}

/** Choose pump, fuel and amount, and stop on the summary. */
async function toSummary(page: Page, pump: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('listitem').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'How much do you want to fuel at most?' })).toBeVisible();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '€30.00' })).toBeVisible();
}

/** The forecourt console in its own browser context: the station side keeps its signal when the driver loses it. */
async function openConsole(browser: Browser) {
  // An operator's desktop screen, not the driver's phone.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(`/forecourt?station=${station.id}`);
  return { page, close: () => context.close() };
}

test('the whole prepay flow: pump, fuel, 30.00, pay, fueling, receipt with the released remainder', async ({
  page,
  browser,
}) => {
  await loginAsDemoDriver(page);
  // The receipt is opened offline at the end: the service worker must control the page, which it does from the
  // first load on (waiting here, on a fresh load, rather than after in-app navigations keeps the end simple).
  await waitForServiceWorker(page);
  await toSummary(page, '7');
  await expect(page.getByRole('combobox', { name: 'Payment method' })).toContainText('4242');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();

  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  await expect(page.getByRole('heading', { name: 'Pump 7' })).toBeVisible();
  await expect(page.getByText('Maximum amount: €30.00')).toBeVisible();

  const forecourt = await openConsole(browser);
  try {
    const pump = forecourt.page.getByRole('article', { name: 'Pump 7', exact: true });
    await expect(pump).toContainText('RELEASED', { timeout: 10_000 });
    await pump.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(pump).toContainText('DISPENSING');
    await forecourt.page.waitForTimeout(3_000);
    await pump.getByRole('button', { name: 'Hang up' }).click();
  } finally {
    await forecourt.close();
  }

  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Pump');
  await expect(receipt).toContainText(/Quantity\s*\d+([.,]\d+)? l/);
  await expect(receipt).toContainText('Reserved€30.00');
  const charged = await receipt.getByText('Charged').locator('xpath=..').innerText();
  const released = await receipt.getByText('Released').locator('xpath=..').innerText();
  const euros = (text: string) => Number(/€(\d+\.\d{2})/.exec(text)?.[1]);
  expect(euros(charged)).toBeGreaterThan(0);
  expect(euros(charged) + euros(released)).toBeCloseTo(30, 2);

  // The receipt stays on the phone: it opens again without signal.
  await waitForServiceWorker(page);
  await page.waitForTimeout(1_500);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Reserved€30.00');
  // And from the driver's recent receipts in settings, still without signal.
  await page.goto('/settings');
  const recent = page.getByRole('region', { name: 'Recent receipts' });
  await expect(recent.getByRole('link')).toHaveCount(1);
  await expect(recent.getByRole('link')).toContainText('€');
  await recent.getByRole('link').click();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Reserved€30.00');
  await page.context().setOffline(false);
});

test('cancel before fuelling ends on the cancel page (without signal it is not sent, and says so)', async ({
  page,
}) => {
  await loginAsDemoDriver(page);
  await toSummary(page, '8');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  await expect(page.getByText('Maximum amount: €30.00')).toBeVisible();
  // Without signal the cancel cannot be sent: the page says so and fuelling goes on.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('Your cancel was not sent: there is no signal.');
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page).toHaveURL(/\/pay\/cancel\?.*state=CANCELLED_PREPAY/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Fuelling cancelled' })).toBeVisible();
});

test('the network dropped during fuelling shows the offline notice; back online the flow reaches the receipt', async ({
  page,
  context,
  browser,
}) => {
  await loginAsDemoDriver(page);
  await toSummary(page, '9');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);

  const forecourt = await openConsole(browser);
  try {
    const pump = forecourt.page.getByRole('article', { name: 'Pump 9', exact: true });
    await expect(pump).toContainText('RELEASED', { timeout: 10_000 });
    await pump.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(pump).toContainText('DISPENSING');

    await context.setOffline(true);
    await expect(page.getByText('You are offline. Fuelling goes on')).toBeVisible();
    await forecourt.page.waitForTimeout(2_000);
    await pump.getByRole('button', { name: 'Hang up' }).click();
    await forecourt.page.waitForTimeout(3_000);
    // Still on the fueling page: without signal the app cannot know.
    await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  } finally {
    await forecourt.close();
  }
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Charged');
});

test('a declining test card ends on the payment error page; paying again with the other card works', async ({
  page,
}) => {
  await loginAsDemoDriver(page);
  await toSummary(page, '10');
  const select = page.getByRole('combobox', { name: 'Payment method' });
  const declining = await select.locator('option', { hasText: '0002' }).getAttribute('value');
  await select.selectOption(declining!);
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/error\?.*type=payment/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();

  // Same pump, fuel and amount, the approving card: a new order, not a replay of the declined one.
  await toSummary(page, '10');
  await expect(page.getByRole('combobox', { name: 'Payment method' })).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/, { timeout: 15_000 });
  await expect(page.getByText('The pump is ready. Lift the nozzle and start fuelling.')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page).toHaveURL(/\/pay\/cancel\?.*state=CANCELLED_PREPAY/, { timeout: 15_000 });
});

test('a fueling page whose order cannot be loaded goes to the fueling error page', async ({ page }) => {
  await loginAsDemoDriver(page);
  await page.goto(`/pay/prepay/fueling?pid=${station.id}&orderId=000000000000000000000000`);
  await expect(page).toHaveURL(/\/error\?.*type=fueling_prepay/, { timeout: 15_000 });
});

test('a receipt page whose order cannot be loaded (and is not kept on the device) goes to the payment error page', async ({
  page,
}) => {
  await loginAsDemoDriver(page);
  await page.goto(`/pay/finish?pid=${station.id}&orderId=000000000000000000000000`);
  await expect(page).toHaveURL(/\/error\?.*type=payment/, { timeout: 15_000 });
});
