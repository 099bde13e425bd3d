// A fuel card chosen on the summary (pay-flows.md §5 "Fuel-card odometer: VIN required at level 2 or higher; the
// mileage field shows at levels 1 and 3"; issue 12 follow-up), as a driver meets it at the truck stop:
// - the summary started with a level 0 card (the normal odometer screen, mileage refused); the driver switches to a
//   level 3 card: pay asks, in a sheet over the summary, for the VIN and the mileage, saves the VIN on the vehicle,
//   and the order (which the server refuses without them) is paid;
// - the vehicle's VIN went away after the summary loaded (another device): the server refuses the card (422
//   fuel_card_data_missing), the driver stays on the summary with its message, and pay asks for the VIN again.
// Pumps 6 and 7 of the truck stop are this spec's alone.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, devicesOf, expect, type Page, test } from './fixtures';
import { expectAccessible, keepSession, switchAccountFeatures, uniqueEmail } from './helpers';

const truckStop = DEMO_STATIONS.fuelCard;
const [SWITCH_PUMP, REFUSED_PUMP] = devicesOf('fuel-card-summary', 'fuelCard');
const PASSWORD = 'e2e-Password-9';
const VIN = 'WVWZZZ1JZXW000002';
const PIN = '1357';
test.use({
  geolocation: { latitude: truckStop.latitude, longitude: truckStop.longitude },
  permissions: ['geolocation'],
});

type Driver = { email: string; headers: { Authorization: string } };

/** A new driver, signed in on the page; the odometer screen before checkout when `odometer` (the console's switch). */
async function newDriver(page: Page, browser: Browser, tag: string, odometer: boolean): Promise<Driver> {
  const email = uniqueEmail(tag);
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, termsAccepted: true },
  });
  expect(registered.status()).toBe(201);
  const reply = (await registered.json()) as { auth_token: string; _id: string };
  if (odometer) {
    await switchAccountFeatures(browser, test.info().project.use.baseURL, email, {
      showOdometerScreenBeforeCheckout: true,
    });
  }
  await keepSession(page, reply);
  const headers = { Authorization: `Bearer ${reply.auth_token}` };
  const pin = await page.request.post('/api/functions/save_pin_prod', { headers, data: { pin: PIN } });
  expect(pin.status(), await pin.text()).toBe(200);
  return { email, headers };
}

/** The code of the latest mail to `email` from the development mailbox. */
async function mailedCode(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { subject: string }[];
  return /code: (\d{6})/.exec(mails[0]?.subject ?? '')?.[1] ?? '';
}

/** A fuel card of the given level (its 7th digit), its second factor registered with the mailed code. */
async function fuelCard(page: Page, driver: Driver, number: string): Promise<string> {
  const card = await page.request.post('/api/v4/payment-methods/fuel-card', {
    headers: driver.headers,
    data: { holder: 'Ada Driver', number, expiry: '12/2034', tpin: '4321', brand: 'BP', vin: VIN },
  });
  expect(card.status(), await card.text()).toBe(201);
  const id = ((await card.json()) as { id: string }).id;
  const before = await mailedCode(page, driver.email);
  const options = await page.request.post('/api/auth/2fa/registration/generate-options', {
    headers: driver.headers,
    data: { paymentMethodId: id },
  });
  expect(options.status(), await options.text()).toBe(200);
  await expect.poll(() => mailedCode(page, driver.email)).not.toBe(before);
  const verified = await page.request.post('/api/auth/2fa/registration/verify', {
    headers: driver.headers,
    data: { paymentMethodId: id, code: await mailedCode(page, driver.email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return id;
}

async function vehicle(page: Page, driver: Driver, body: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/things/lite', {
    headers: driver.headers,
    data: { type: 'car', nickName: 'Transporter', licensePlate: 'IN-FC 66', ...body },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** The pump, its first fuel, €30.00. */
async function choosePump(page: Page, pump: string) {
  await page.goto(`/pay?pid=${truckStop.id}`);
  await page.getByRole('button', { name: 'Understood' }).click();
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
}

/** The PIN, then the fuel card's code mailed for this order: the pump is released. */
/** `send` is the step that makes the server mail the card's code; the latest code is read before it, not after (the
 * new mail can be there before this looks, and it would then wait for yet another). */
async function codeAndPay(page: Page, driver: Driver, pump: string, send: () => Promise<void>) {
  const before = await mailedCode(page, driver.email);
  await send();
  const sheet = page.getByRole('dialog', { name: 'Confirm with the code from your email' });
  await expect(sheet.getByText(/We sent a code to/)).toBeVisible();
  await expect.poll(() => mailedCode(page, driver.email)).not.toBe(before);
  await sheet.getByLabel('Code from the email').fill(await mailedCode(page, driver.email));
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: `Pump ${pump}` })).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

async function apiGet<T>(page: Page, path: string, headers: { Authorization: string }): Promise<T> {
  return page.evaluate(async ([path, auth]) => (await fetch(path, { headers: { Authorization: auth } })).json(), [
    path,
    headers.Authorization,
  ] as const) as Promise<T>;
}

test('switching to a level 3 fuel card on the summary asks for the VIN and the mileage before it pays', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const driver = await newDriver(page, browser, 'fuelcard-switch', true);
  const vehicleId = await vehicle(page, driver, { mileageKm: 12_000 });
  // The level 0 card first (preferred: the summary starts with it, so the normal odometer screen), then a level 3 one.
  await fuelCard(page, driver, '7000 0000 0000 0005');
  await fuelCard(page, driver, '7000 0030 0000 0009');

  await choosePump(page, SWITCH_PUMP);
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await expect(page.getByRole('heading', { name: 'Mileage' })).toBeVisible();
  await page.getByRole('button', { name: "Skip, I don't want to give it" }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Not given' })).toBeVisible();

  // The driver switches to the level 3 card: pay asks first, over the summary, for what it needs.
  await page.getByRole('button', { name: /^Payment method/ }).click();
  const picker = page.getByRole('dialog', { name: 'Pay with' });
  await picker.getByText(/0009/).click();
  await expect(picker).toBeHidden();
  const pay = page.getByRole('button', { name: 'Pay €30.00' });
  await pay.click();
  const sheet = page.getByRole('dialog', { name: 'Mileage' });
  await expect(sheet).toBeVisible();
  await expect(
    sheet.getByText("Your fuel card asks for your vehicle's VIN and mileage.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Payment PIN' })).toHaveCount(0);
  await expectAccessible(page, 'fuel-card sheet on the summary');
  const vin = sheet.getByLabel('Vehicle identification number (VIN)');
  const mileage = sheet.getByLabel('Mileage in km');
  const next = sheet.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled(); // 0 km
  // The odometer screen's rules: the vehicle's last reading, a VIN's shape.
  await mileage.fill('11 000');
  await vin.fill('wvwzzz1jzxw0000o2');
  await next.click();
  await expect(sheet.getByText('A VIN has only letters and digits, and no I, O or Q.')).toBeVisible();
  await expect(sheet.getByText('The mileage cannot be lower than the last reading (12,000 km).')).toBeVisible();
  await mileage.fill('12500');
  await vin.fill('wvw zzz 1jz xw000002');
  await expect(vin).toHaveValue(VIN);
  await next.click();

  // Saved on the vehicle; the summary shows the reading and the VIN the order goes with; then the PIN and the code.
  await expect(page.getByRole('textbox', { name: 'Payment PIN' })).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('definition').filter({ hasText: '12,500 km' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: VIN })).toBeVisible();
  const saved = await apiGet<{ vin: string | null }>(page, `/api/things/${vehicleId}`, driver.headers);
  expect(saved.vin).toBe(VIN);
  // The server pays a level 3 card only with both on the order: reaching the pump is the proof they went with it.
  const orderId = await codeAndPay(page, driver, SWITCH_PUMP, async () => {
    await page.getByRole('textbox', { name: 'Payment PIN' }).fill(PIN);
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
  });
  const order = await apiGet<{ thingId: string | null; state: string }>(
    page,
    `/api/v4/order/${orderId}`,
    driver.headers,
  );
  expect(order.thingId).toBe(vehicleId);
});

test('the server refuses a level 2 card whose vehicle lost its VIN: the summary says so, and pay asks for it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // No odometer screen on this account: the summary comes right after the amount.
  const driver = await newDriver(page, browser, 'fuelcard-refused', false);
  const vehicleId = await vehicle(page, driver, { vin: VIN });
  await fuelCard(page, driver, '7000 0020 0000 0001');
  await choosePump(page, REFUSED_PUMP);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay €30.00' });
  await expect(pay).toBeEnabled();
  // Meanwhile the VIN is taken off the vehicle elsewhere (the profile on another device).
  const cleared = await page.request.patch(`/api/v3/things/${vehicleId}`, {
    headers: driver.headers,
    data: { vin: null },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);

  // The app still knew the VIN, so no sheet: the PIN, then the server's refusal, on the summary, in words.
  await pay.click();
  await page.getByRole('textbox', { name: 'Payment PIN' }).fill(PIN);
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  const refusal = page.getByText("Your fuel card needs your vehicle's VIN or mileage. Nothing was charged.");
  await expect(refusal).toBeVisible();
  // Under the chosen card, where the driver looks, not below the wallet buttons: seen at 360×740 without scrolling.
  await expect(refusal).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('summary-fuel-card-refusal.png') });
  await expect(page).toHaveURL(/\/pay\/prepay\/summary\?/);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expectAccessible(page, 'summary with the fuel card refusal');

  // Pay again: the sheet asks for the VIN (only: level 2), saves it, and the payment goes on with the PIN's proof.
  await pay.click();
  const sheet = page.getByRole('dialog', { name: 'Your vehicle' });
  await expect(
    sheet.getByText("Your fuel card asks for your vehicle's VIN. It is saved on your vehicle."),
  ).toBeVisible();
  await expect(sheet.getByLabel('Mileage in km')).toHaveCount(0);
  await sheet.getByLabel('Vehicle identification number (VIN)').fill(VIN);
  await codeAndPay(page, driver, REFUSED_PUMP, () => sheet.getByRole('button', { name: 'Continue' }).click());
  expect(await apiGet<{ vin: string | null }>(page, `/api/things/${vehicleId}`, driver.headers)).toMatchObject({
    vin: VIN,
  });
});
