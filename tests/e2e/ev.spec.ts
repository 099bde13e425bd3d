// EV charging as a driver does it (pay-flows.md §4 EV flow): choose the charger, see the pre-authorization on the
// summary and pay it, plug in at the charger (the forecourt console plays the cable), watch energy and time move,
// finish charging, get the receipt once COMPLETED; the capture is never above the pre-authorization.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { addCardOnProviderPage, expectAccessible, signInAsDemoDriver, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.ev;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('EV with the odometer: a reading below the last one is refused and kept, then cancel before plug-in releases the hold', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoDriver(page, `/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Choose charger 2', exact: true }).click();

  // The odometer screen: the vehicle (preferred first), digits only, not 0.
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await expect(page.getByRole('heading', { name: 'Mileage' })).toBeVisible();
  const km = page.getByLabel('Mileage in km');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await km.fill('1.2a3');
  await expect(km).toHaveValue('123');
  await expectAccessible(page, 'Odometer');
  await page.screenshot({ path: '/tmp/ev/odometer.png', fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  // The summary sends it with the order; the server refuses a reading below the vehicle's last one (422): back on
  // the screen, the driver's input kept and the reason shown in their language.
  await expect(page).toHaveURL(/\/pay\/prepay\/ev\/summary\?/);
  await expect(page.getByText('123 km')).toBeVisible();
  await page.getByRole('button', { name: 'Reserve €80.00 and start' }).click();
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await expect(km).toHaveValue('123');
  const reason = page.getByText(/The mileage cannot be lower than the last reading \(([\d,]+) km\)\./);
  await expect(reason).toBeVisible();
  await page.screenshot({ path: '/tmp/ev/odometer-refused.png', fullPage: true });
  const last = Number((/\(([\d,]+) km\)/.exec((await reason.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
  expect(last).toBeGreaterThan(123);
  await km.fill(String(last + 250));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Reserve €80.00 and start' }).click();

  // Charging page before the cable is in: cancel, confirm; the pre-authorization is released.
  await expect(page).toHaveURL(/\/pay\/prepay\/ev\/charging\?.*orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  await page.getByRole('button', { name: 'Cancel charging' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page).toHaveURL(/\/pay\/cancel\?.*state=CANCELLED_PREPAY/);
  await expect(page.getByRole('heading', { name: 'Charging cancelled' })).toBeVisible();
  await page.screenshot({ path: '/tmp/ev/ev-cancelled.png', fullPage: true });
  const order = await page.evaluate(async (id) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
    const res = await fetch(`/api/v4/order/${id}`, { headers: { Authorization: `Bearer ${auth.token}` } });
    return res.json();
  }, orderId);
  expect(order.state).toBe('CANCELLED');
  expect(order.payment).toMatchObject({ held: { amount: 8000 }, released: { amount: 8000 }, captured: null });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/map/);
});

test('EV: charger, pre-authorization, plug in, meter moves, finish charging, receipt with capture <= hold', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInAsDemoDriver(page, `/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Choose charger 1', exact: true }).click();

  // The demo account asks for the odometer before payment; this driver refuses (REFUSED: nothing is sent).
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await page.getByRole('button', { name: "Skip, I don't want to give it" }).click();

  // Summary: the port, its prices and the pre-authorization (§9: EUR 80).
  await expect(page).toHaveURL(/\/pay\/prepay\/ev\/summary\?/);
  await expect(page.getByText('Not given')).toBeVisible();
  await expect(page.getByText('Pre-authorization')).toBeVisible();
  await expect(page.getByText('Price per kWh')).toBeVisible();
  await expect(page.getByText('Free parking')).toBeVisible();
  await expectAccessible(page, 'EV summary');
  await page.screenshot({ path: '/tmp/ev/ev-summary.png', fullPage: true });
  await page.getByRole('button', { name: 'Reserve €80.00 and start' }).click();

  // Charging: until the cable is in, the driver is asked to check the connection.
  await expect(page).toHaveURL(/\/pay\/prepay\/ev\/charging\?.*orderId=/);
  await expect(page.getByText('Check the connection: plug the cable into your car.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish charging' })).toBeDisabled();
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;

  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const consolePage = await operator.newPage();
    await consolePage.goto(`/forecourt?station=${station.id}`);
    const charger = consolePage.getByRole('article', { name: 'Charger 1', exact: true });
    await expect(charger).toContainText('Preparing');
    await charger.getByRole('button', { name: 'Plug in' }).click();
    await expect(charger).toContainText('Charging', { timeout: 15_000 });
  } finally {
    await operator.close();
  }

  // Supplying: energy and time move with the order's meter values.
  await expect(page.getByText('Charging… Finish charging when you are done.')).toBeVisible({ timeout: 15_000 });
  const energy = page.getByTestId('ev-energy');
  const first = await energy.textContent();
  await expect(energy).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('ev-time')).not.toHaveText('0:00');
  await expectAccessible(page, 'EV charging');

  // "Hide screen" (issue 15): to the map, without the order in the address; the charge goes on, and the charging
  // page shows it again when the driver comes back.
  const chargingUrl = page.url();
  await page.getByRole('button', { name: 'Hide screen' }).click();
  await expect(page).toHaveURL(/\/map/);
  expect(new URL(page.url()).searchParams.get('orderId')).toBeNull();
  await page.goto(chargingUrl);
  await expect(page.getByText('Charging… Finish charging when you are done.')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Finish charging' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, finish' }).click();

  // The receipt: total, energy, time; it waits for COMPLETED.
  await expect(page).toHaveURL(/\/pay\/ev\/finish\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Charging finished' })).toBeVisible();
  await expect(page.getByText('Your invoice is ready.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Total')).toBeVisible();
  await expectAccessible(page, 'EV finish');
  await page.screenshot({ path: '/tmp/ev/ev-finish.png', fullPage: true });

  // Capture <= pre-authorization, the rest released (the sandbox provider's ledger on the order).
  const order = await page.evaluate(async (id) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
    const res = await fetch(`/api/v4/order/${id}`, { headers: { Authorization: `Bearer ${auth.token}` } });
    return res.json();
  }, orderId);
  expect(order.state).toBe('COMPLETED');
  expect(order.payment.held.amount).toBe(8000);
  expect(order.payment.captured.amount).toBeGreaterThan(0);
  expect(order.payment.captured.amount).toBeLessThanOrEqual(8000);
  expect(order.payment.captured.amount + order.payment.released.amount).toBe(8000);
  expect(order.charge.energyWh).toBeGreaterThan(0);
});

test('EV with a 3-D Secure card: a new driver, EV switched on at the console, the issuer approves, charging starts', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A new driver's account has no EV charging; the operator switches it on (the forecourt console's account call)
  // before the app first reads the account's features.
  const email = uniqueEmail('ev-3ds');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: 'e2e-Password-9', termsAccepted: true },
  });
  expect(registered.status()).toBe(201);
  const { auth_token: token, _id: userId } = (await registered.json()) as { auth_token: string; _id: string };
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const switched = await operator.request.patch('/forecourt/api/accounts/features', {
      data: { email, evCharging: true },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    expect((await switched.json()).features.evCharging.enabled).toBe(true);

    // Signed in as the app keeps a session, then the card that asks for 3-D Secure.
    await page.goto('/api/maintenance.json');
    await page.evaluate(
      ([token, userId]) =>
        localStorage.setItem('auth', JSON.stringify({ expiry: Date.now() + 3_600_000, token, userId, isGuest: false })),
      [token, userId],
    );
    await addCardOnProviderPage(page, '4000 0000 0000 3220');

    // The charger, the summary (no odometer screen: a new account does not ask for it), the issuer's page.
    await page.goto(`/pay?pid=${station.id}`);
    await page.getByRole('button', { name: 'Choose charger 3', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/prepay\/ev\/summary\?/);
    await expect(page.getByRole('listitem').filter({ hasText: '3220' })).toBeVisible();
    await page.getByRole('button', { name: 'Reserve €80.00 and start' }).click();
    await expect(page).toHaveURL(/\/psp\/challenge\//);
    await expect(page.getByText('EUR 80.00')).toBeVisible();
    await page.getByLabel('Security code from your bank').fill('1234');
    await page.getByRole('button', { name: 'Confirm payment' }).click();

    // Approved: the pre-authorization is held and the charger authorized; plugging in starts the charge.
    await expect(page).toHaveURL(/\/pay\/prepay\/ev\/charging\?.*orderId=/, { timeout: 15_000 });
    await expect(page.getByText('Check the connection: plug the cable into your car.')).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    const consolePage = await operator.newPage();
    await consolePage.goto(`/forecourt?station=${station.id}`);
    const charger = consolePage.getByRole('article', { name: 'Charger 3', exact: true });
    await expect(charger).toContainText('Preparing');
    await charger.getByRole('button', { name: 'Plug in' }).click();
    await expect(charger).toContainText('Charging', { timeout: 15_000 });
    await expect(page.getByText('Charging… Finish charging when you are done.')).toBeVisible({ timeout: 15_000 });
    const order = await page.evaluate(
      async ([id, token]) =>
        (await fetch(`/api/v4/order/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json(),
      [orderId, token],
    );
    expect(order.state).toBe('PRODUCT_SUPPLYING');
    expect(order.payment.held.amount).toBe(8000);

    // Finished, so the charger is free for the next test.
    await page.getByRole('button', { name: 'Finish charging' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, finish' }).click();
    await expect(page).toHaveURL(/\/pay\/ev\/finish\?.*orderId=/);
  } finally {
    await operator.close();
  }
});
