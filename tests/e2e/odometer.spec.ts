// The fuel-card odometer (pay-flows.md §5 "VIN required at level 2 or higher; the mileage field shows at levels 1 and
// 3"), as a driver meets it: a new driver whose account asks for the odometer (switched on at the console) pays with a
// level 3 fuel card at the truck stop; the screen asks for the VIN and the mileage, refuses a wrong VIN, saves the
// right one on the vehicle, and the paid order records the reading. A level 2 card asks the VIN only, and a driver
// without a vehicle gets one with it. Pump 5 of the truck stop is this spec's alone.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, devicesOf, expect, type Page, test } from './fixtures';
import { expectAccessible, keepSession, switchAccountFeatures, uniqueEmail } from './helpers';

const truckStop = DEMO_STATIONS.fuelCard;
const [PUMP] = devicesOf('odometer', 'fuelCard');
const PASSWORD = 'e2e-Password-9';
const VIN = 'WVWZZZ1JZXW000001';
test.use({
  geolocation: { latitude: truckStop.latitude, longitude: truckStop.longitude },
  permissions: ['geolocation'],
});

/** A new driver whose account asks for the odometer before checkout (the operator's console switch), signed in. */
async function newDriverWithOdometer(page: Page, browser: Browser, tag: string) {
  const email = uniqueEmail(tag);
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, termsAccepted: true },
  });
  expect(registered.status()).toBe(201);
  const reply = (await registered.json()) as { auth_token: string; _id: string };
  // Before the app first reads the account's features.
  await switchAccountFeatures(browser, test.info().project.use.baseURL, email, {
    showOdometerScreenBeforeCheckout: true,
  });
  await keepSession(page, reply);
  return { email, headers: { Authorization: `Bearer ${reply.auth_token}` } };
}

/** Pump 5, its first fuel, €30.00: the odometer screen comes next. */
async function toOdometer(page: Page) {
  await page.goto(`/pay?pid=${truckStop.id}`);
  await page.getByRole('button', { name: 'Understood' }).click();
  await page.getByRole('button', { name: `Pump ${PUMP}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
}

/**
 * A GET of our API from the page, as the app asks (the page's own connection: the test's request context can meet the
 * server closing an idle keep-alive socket at that moment, ECONNRESET).
 */
async function apiGet<T>(page: Page, path: string, headers: { Authorization: string }): Promise<T> {
  return page.evaluate(async ([path, auth]) => (await fetch(path, { headers: { Authorization: auth } })).json(), [
    path,
    headers.Authorization,
  ] as const) as Promise<T>;
}

/** The code of the latest mail to `email` from the development mailbox. */
async function mailedCode(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { subject: string }[];
  return /code: (\d{6})/.exec(mails[0]?.subject ?? '')?.[1] ?? '';
}

test('fuel card of level 3: the odometer screen asks VIN and mileage, refuses a wrong VIN, saves the right one on the vehicle, and the paid order carries the reading', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A new driver with a vehicle (no VIN yet).
  const { email, headers } = await newDriverWithOdometer(page, browser, 'fuelcard-odometer');
  const created = await page.request.post('/api/things/lite', {
    headers,
    data: { type: 'car', nickName: 'Transporter', licensePlate: 'IN-FC 55', mileageKm: 12_000 },
  });
  expect(created.status()).toBe(201);
  const vehicleId = ((await created.json()) as { _id: string })._id;
  // The fuel card (level 3: its 7th digit), its second factor, and the payment PIN, as the driver adds them.
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Add a fuel card' }).click();
  await page.getByLabel('Card holder').fill('Ada Driver');
  await page.getByLabel('Card number').fill('7000 0030 0000 0009');
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2034');
  await page.getByLabel('Card PIN').fill('4321');
  await page.getByLabel('Vehicle identification number (VIN)').fill(VIN);
  await page.getByRole('button', { name: 'Add fuel card' }).click();
  await expect(page.getByRole('heading', { name: 'Protect your fuel card' })).toBeVisible();
  await expect.poll(() => mailedCode(page, email)).toMatch(/^\d{6}$/);
  const registrationCode = await mailedCode(page, email);
  await page.getByLabel('Code from the email').fill(registrationCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your fuel card was added')).toBeVisible();
  await page.goto('/profile/payments/pin');
  await page.getByLabel('New PIN').fill('1357');
  await page.getByLabel('Confirm PIN').fill('1357');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();

  // Prepay at the truck stop: pump, fuel, amount, then the fuel card's odometer screen.
  await toOdometer(page);
  await expect(page.getByRole('heading', { name: 'Mileage' })).toBeVisible();
  await expect(
    page.getByText("Your fuel card asks for your vehicle's VIN and mileage.", { exact: false }),
  ).toBeVisible();
  const vin = page.getByLabel('Vehicle identification number (VIN)');
  const mileage = page.getByLabel('Mileage in km');
  await expect(vin).toHaveValue('');
  // What the card asks for cannot be refused.
  await expect(page.getByRole('button', { name: "Skip, I don't want to give it" })).toHaveCount(0);
  await expectAccessible(page, 'fuel-card odometer');

  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled(); // 0 km: "submit disabled at 0 or less"
  await mileage.fill('12 500 km');
  await expect(mileage).toHaveValue('12500');
  await next.click();
  await expect(page.getByText('The Vehicle identification number (VIN) field is required')).toBeVisible();
  // A wrong VIN (an O in it): refused at the field, the input kept, still on the screen.
  await vin.fill('wvwzzz1jzxw0000o1');
  await next.click();
  await expect(page.getByText('A VIN has only letters and digits, and no I, O or Q.')).toBeVisible();
  await expect(vin).toHaveValue('WVWZZZ1JZXW0000O1');
  await expect(page).toHaveURL(/\/pay\/odometer\?/);
  await expectAccessible(page, 'fuel-card odometer with a wrong VIN');
  await vin.fill('WVWZZZ1JZXW00001');
  await next.click();
  await expect(page.getByText('A VIN has 17 characters.')).toBeVisible();

  // The right one, typed in groups and lower case: saved on the vehicle, then the summary.
  await vin.fill('wvw zzz 1jz xw000001');
  await expect(vin).toHaveValue(VIN);
  await next.click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '12,500 km' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: VIN })).toBeVisible();
  const vehicle = (
    await apiGet<{ _id: string; vin: string | null; ymme: { VIN: string | null } }[]>(page, '/api/things', headers)
  ).find((t) => t._id === vehicleId);
  expect(vehicle).toMatchObject({ vin: VIN, ymme: { VIN } });

  // Paying with the fuel card: the PIN, the code mailed for this order; the order carries the vehicle and reading.
  await expect(page.getByRole('listitem').filter({ hasText: '0009' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await page.getByRole('textbox', { name: 'Payment PIN' }).fill('1357');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm with the code from your email' });
  await expect(sheet.getByText(/We sent a code to/)).toBeVisible();
  await expect.poll(() => mailedCode(page, email)).not.toBe(registrationCode);
  await sheet.getByLabel('Code from the email').fill(await mailedCode(page, email));
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: `Pump ${PUMP}` })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const order = await apiGet<{ thingId: string | null }>(page, `/api/v4/order/${orderId}`, headers);
  expect(order.thingId).toBe(vehicleId);

  // Fuelling at the pump (the console, as the station's staff sees it); once the product is acquired the reading the
  // order carried is the vehicle's (issue 12: "stored on the vehicle when the product is acquired").
  const station = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  try {
    const forecourt = await station.newPage();
    await forecourt.goto(`/forecourt?station=${truckStop.id}`);
    const pump = forecourt.getByRole('article', { name: `Pump ${PUMP}`, exact: true });
    await expect(pump).toContainText('RELEASED', { timeout: 10_000 });
    await pump.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(pump).toContainText('DISPENSING');
    await expect(pump).toContainText(/\b(?!0\.00 l)\d+\.\d{2} l/);
    await pump.getByRole('button', { name: 'Hang up' }).click();
  } finally {
    await station.close();
  }
  // The receipt records the paid order as a cost with the reading (pay-flows.md §4 Finish "The odometer reading is
  // submitted once the product is acquired"): the history's payment event of the order carries 12,500 km.
  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect
    .poll(
      async () => {
        const body = await apiGet<{ events: { payment?: { orderId: string; odometer: number | null } }[] }>(
          page,
          '/api/v4/account-history?types=PAYMENT&limit=100',
          headers,
        );
        return body.events.find((e) => e.payment?.orderId === orderId)?.payment?.odometer ?? null;
      },
      { timeout: 20_000 },
    )
    .toBe(12_500_000);
  // The VIN stays on the vehicle; its own mileage field is the driver's to keep (the profile's car form).
  expect(await apiGet(page, `/api/things/${vehicleId}`, headers)).toMatchObject({ vin: VIN, ymme: { VIN } });
});

test('fuel card of level 2 and no vehicle yet: the VIN only (no mileage, no refusal); the VIN goes on a new vehicle', async ({
  page,
  browser,
}) => {
  const { headers } = await newDriverWithOdometer(page, browser, 'fuelcard-vin');
  // The card through the API (its second factor is not needed to reach the summary; the level 3 test pays).
  const card = await page.request.post('/api/v4/payment-methods/fuel-card', {
    headers,
    data: {
      holder: 'Ada Driver',
      number: '7000 0020 0000 0001',
      expiry: '12/2034',
      tpin: '4321',
      brand: 'BP',
      vin: VIN,
    },
  });
  expect(card.status(), await card.text()).toBe(201);
  await toOdometer(page);
  await expect(page.getByRole('heading', { name: 'Your vehicle' })).toBeVisible();
  await expect(
    page.getByText("Your fuel card asks for your vehicle's VIN. It is saved on your vehicle."),
  ).toBeVisible();
  await expect(page.getByLabel('Mileage in km')).toHaveCount(0);
  await expect(page.getByRole('button', { name: "Skip, I don't want to give it" })).toHaveCount(0);
  const next = page.getByRole('button', { name: 'Continue' });
  await next.click();
  await expect(page.getByText('The Vehicle identification number (VIN) field is required')).toBeVisible();
  await expectAccessible(page, 'fuel-card odometer, VIN only');
  await page.getByLabel('Vehicle identification number (VIN)').fill(VIN);
  await next.click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: VIN })).toBeVisible();
  // No mileage was asked: the summary shows none (not "Not given").
  await expect(page.getByText('Not given')).toHaveCount(0);
  const things = await apiGet<{ nickName: string; vin: string | null; isPreferred: boolean }[]>(
    page,
    '/api/things',
    headers,
  );
  expect(things).toEqual([expect.objectContaining({ nickName: 'My car', vin: VIN, isPreferred: true })]);
});
