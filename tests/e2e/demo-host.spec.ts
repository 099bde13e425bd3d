// The demo host app (/demo-host) embeds Forecourt Pay in a frame with a callback to itself and shows what comes back
// (pay-flows.md §4 Callback handling): paymentData carries the order id, its state and the amount, nothing else; a
// partner passed by the host goes onto the order (X-Txn-Initiated-By-Partner).
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { expectAccessible, signInAsDemoDriver } from './helpers';

// Hamburg's wash (wash.spec.ts puts Frankfurt's bays out of order for a while, and spec files run side by side).
const station = DEMO_STATIONS.manyPumps;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('a host app embeds the app, the driver buys a car wash, and the host gets order id, state and amount back', async ({
  page,
}) => {
  await signInAsDemoDriver(page);

  await page.goto('/demo-host');
  await expect(page.getByRole('heading', { name: 'Demo host app' })).toBeVisible();
  await expectAccessible(page, 'demo host');
  await page.getByLabel('Station').selectOption({ label: 'Pumps and a car wash, Hamburg' });
  await page.getByLabel('Start as partner NordTank').check();
  await page.getByRole('button', { name: 'Pay with Forecourt Pay' }).click();

  const app = page.frameLocator('iframe[title="Forecourt Pay"]');
  await app.getByRole('button', { name: 'Car wash' }).click();
  await app.getByText('Basic', { exact: true }).click();
  await app.getByRole('button', { name: 'Continue with Basic' }).click();
  await app.getByRole('button', { name: 'Pay €9.00' }).click();
  await expect(app.getByRole('heading', { name: 'Your car wash is paid' })).toBeVisible();
  await app.getByRole('button', { name: 'OK' }).click();

  const result = page.getByRole('region', { name: 'What came back' });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('iframe[title="Forecourt Pay"]')).toBeHidden();
  await expect(page.locator('#result-amount')).toHaveText('€9.00');
  await expect(page.locator('#result-state')).toHaveText(/PRODUCT_ACQUIRED|READY_FOR_INVOICE|COMPLETED/);
  const raw = JSON.parse((await page.locator('#result-raw').innerText()) || '{}');
  // Order id, state and amount only.
  expect(Object.keys(raw).sort()).toEqual(['amount', 'orderId', 'state']);
  expect(raw.amount).toEqual({ amount: 900, currency: 'EUR', precision: 2 });
  await expectAccessible(page, 'demo host with the result');

  // The host's partner went onto the order as it was created.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string);
  const order = await page.request.get(`/api/v4/order/${raw.orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(order.status()).toBe(200);
  expect((await order.json()).initiatedByPartner).toBe('NordTank');
});
