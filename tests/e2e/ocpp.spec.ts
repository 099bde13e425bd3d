// A real OCPP charge point on the other end (issue 39): an outside charger on @voltbras/ts-ocpp — not the server's
// OCPP library — stands in for demo charger 5 (DEMO_MODE, OCPP_DEMO_PASSWORD); the driver picks a cost limit on the
// summary and pays; the charger gets RemoteStartTransaction, starts, sends meter values that the charging screen shows
// live; the server stops it at the driver's limit (RemoteStopTransaction) and the receipt says so, capturing the limit.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { TestChargePoint } from '../support/ts-ocpp-charge-point';
import { expect, test } from './fixtures';
import { expectAccessible, signInAsDemoDriver } from './helpers';

const station = DEMO_STATIONS.ev;
/** A product id is its station id with the last four digits replaced by the product's position. */
const port5 = `${station.id.slice(0, -4)}0005`;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('an outside OCPP charge point: pay with a cost limit, live meter values, stopped at the limit, receipt', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = new URL(test.info().project.use.baseURL as string);
  const cp = new TestChargePoint(port5, 'forecourt-demo-charger', `ws://${base.host}/ocpp`);
  await cp.connect();
  try {
    expect((await cp.boot()).status).toBe('Accepted');
    await cp.status('Available');

    await signInAsDemoDriver(page, `/pay?pid=${station.id}`);
    await page.getByRole('button', { name: 'Choose charger 5', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/odometer\?/);
    await page.getByRole('button', { name: "Skip, I don't want to give it" }).click();

    // The summary: a cost limit of up to a quarter of the EUR 80 pre-authorization.
    await expect(page).toHaveURL(/\/pay\/prepay\/ev\/summary\?/);
    await expect(page.getByRole('heading', { name: 'Cost limit' })).toBeVisible();
    const limits = page.getByRole('group', { name: 'Cost limit' });
    await expect(limits.getByRole('button', { name: 'No limit' })).toHaveAttribute('aria-pressed', 'true');
    await limits.getByRole('button', { name: 'Up to €20.00' }).click();
    await expect(limits.getByRole('button', { name: 'Up to €20.00' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, 'EV summary with a cost limit');
    await page.screenshot({ path: '/tmp/ev/ev-cost-limit.png', fullPage: true });
    await page.getByRole('button', { name: 'Reserve €80.00 and start' }).click();

    // The charger is told to start with the order's idTag; it starts the transaction once the cable is in.
    await expect(page).toHaveURL(/\/pay\/prepay\/ev\/charging\?.*orderId=/);
    const start = await cp.next('RemoteStartTransaction', 20_000);
    await cp.status('Preparing');
    const started = await cp.send('StartTransaction', {
      connectorId: 1,
      idTag: start.payload.idTag,
      meterStart: 500_000,
      timestamp: new Date().toISOString(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    await cp.status('Charging');
    await expect(page.getByText('Charging… Finish charging when you are done.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Charging stops at €20.00.')).toBeVisible();

    // Meter values reach the screen as the charger sends them.
    await cp.meter(started.transactionId, new Date(), 503_500, 22_000, 48);
    const energy = page.getByTestId('ev-energy');
    await expect(energy).toHaveText(/3[.,]5/, { timeout: 15_000 });
    await page.screenshot({ path: '/tmp/ev/ev-charging-ocpp.png', fullPage: true });
    await cp.meter(started.transactionId, new Date(), 520_000, 22_000, 71);
    await expect(energy).toHaveText(/20/, { timeout: 15_000 });

    // Far past EUR 20 of energy: the server stops the charger; its StopTransaction ends the charge.
    await cp.meter(started.transactionId, new Date(), 560_000, 22_000, 90);
    const stop = await cp.next('RemoteStopTransaction', 20_000);
    expect(stop.payload).toEqual({ transactionId: started.transactionId });
    await cp.send('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 560_100,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    await cp.status('Finishing');

    await expect(page).toHaveURL(/\/pay\/ev\/finish\?.*orderId=/, { timeout: 20_000 });
    await expect(page.getByText('Charging stopped at your limit of €20.00.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Your invoice is ready.')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'EV finish at the limit');
    await page.screenshot({ path: '/tmp/ev/ev-finish-limit.png', fullPage: true });
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    const order = await page.evaluate(async (id) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const res = await fetch(`/api/v4/order/${id}`, { headers: { Authorization: `Bearer ${auth.token}` } });
      return res.json();
    }, orderId);
    expect(order.charge).toMatchObject({ energyWh: 60_100, stopReason: 'COST_LIMIT' });
    expect(order.payment).toMatchObject({
      held: { amount: 8000 },
      captured: { amount: 2000 },
      released: { amount: 6000 },
    });
    await cp.status('Available');
  } finally {
    cp.close();
  }
});
