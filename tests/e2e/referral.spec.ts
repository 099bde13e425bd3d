// Refer-a-friend as drivers meet it (issue 13): a driver who has paid once shares their code; a new friend registers
// through the share link (/register?referralCode=…, a mistyped code first), pays a prepay fill whose summary previews the 5 ct/l referral discount, and the receipt
// shows the same amount (the offer is applied by the server's one discount engine).
import type { APIRequestContext } from '@playwright/test';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, test } from './fixtures';
import { addCardOnProviderPage, expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.manyPumps;
const [PUMP] = devicesOf('referral', 'manyPumps');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/** The referrer's first completed transaction: a car wash bought through the API with the app's own session. */
async function buyWash(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string);
  const headers = { Authorization: `Bearer ${token}` };
  const methods = (await (await request.get('/api/v4/payment-methods', { headers })).json()) as { id: string }[];
  const wash = DEMO_STATIONS.washOnly;
  type Poi = { products: { _id: string; facility: string; attributes: { availableItems: Item[] } }[] };
  type Item = { itemCode: string; price: number; currency: string };
  const poi = (await (await request.get(`/api/v4/pois/${wash.id}`, { headers })).json()) as Poi;
  const product = poi.products.find((p) => p.facility === 'WASH')!;
  const item = product.attributes.availableItems[0]!;
  const created = await request.post('/api/v4/order', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { poiId: wash.id, autoAcquire: true, products: [{ productId: product._id, fuelTypeId: item.itemCode }] },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { _id: string };
  const paid = await request.post(`/api/v4/order/${order._id}/authorize`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      authorizePrice: { amount: item.price, currency: item.currency, precision: 2 },
      paymentMethodId: methods[0]!.id,
    },
  });
  expect(paid.status()).toBe(200);
}

type Device = { productId: string; name?: string; state: string; amount: number };
async function pumpDevice(page: Page): Promise<Device> {
  const res = await page.request.get(`/forecourt/api/stations/${station.id}`);
  const device = ((await res.json()) as { devices: Device[] }).devices.find((d) => d.name === PUMP);
  if (!device) throw new Error(`no pump ${PUMP}`);
  return device;
}
const euros = (text: string) => /€(\d+\.\d{2})/.exec(text)?.[1];

test('a friend registers with a referral code, sees the referral discount in the summary and the same on the receipt', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The referrer: the program opens after their first payment.
  await registerByMail(page, uniqueEmail('referrer'), 'e2e-Password-9');
  await page.goto('/profile');
  await page.getByRole('link', { name: /Refer a friend/ }).click();
  await expect(page).toHaveURL(/\/profile\/refer/);
  await expect(page.getByText('Your code is ready after your first payment in the app.')).toBeVisible();
  await addCardOnProviderPage(page);
  await buyWash(page, page.request);
  await page.goto('/profile/refer');
  const code = (await page.getByTestId('referral-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await expect(page.getByRole('button', { name: 'Share your code' })).toBeVisible();
  await expect(page.getByText('No friend has used your code yet.')).toBeVisible();
  await expectAccessible(page, 'refer a friend');
  await page.screenshot({ path: testInfo.outputPath('refer-referrer-360.png'), fullPage: true });

  // The friend, on their own phone.
  const friendContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 740 },
    geolocation: { latitude: station.latitude, longitude: station.longitude },
    permissions: ['geolocation'],
  });
  const friend = await friendContext.newPage();
  // They open the share link: /register?referralCode=… carries the code into the registration form.
  await friend.goto(`/register?referralCode=${code}`);
  await friend.getByRole('link', { name: 'Register with email' }).click();
  const codeField = friend.getByLabel("Friend's referral code (optional)");
  await expect(codeField).toHaveValue(code);
  const friendEmail = uniqueEmail('friend');
  await friend.getByLabel('Email', { exact: true }).fill(friendEmail);
  await friend.getByLabel('Password', { exact: true }).fill('e2e-Password-9');
  await friend.getByLabel('Confirm password').fill('e2e-Password-9');
  await friend.getByLabel(/I accept the/).check();
  // A mistyped code: said on its field, nothing registered, everything typed still there.
  await codeField.fill('ZZZZ2345');
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(codeField).toHaveAccessibleDescription(/This referral code does not exist/);
  await expect(friend.getByLabel('Email', { exact: true })).toHaveValue(friendEmail);
  await expect(friend).toHaveURL(/\/register\/mail/);
  await friend.screenshot({ path: testInfo.outputPath('register-referral-360.png'), fullPage: true });
  await codeField.fill(code.toLowerCase());
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL(/\/map(\?|$)/);
  await addCardOnProviderPage(friend);
  await friend.goto('/profile/refer');
  await expect(friend.getByTestId('referral-code')).toHaveCount(0);
  await expect(friend.getByTestId('referred-by')).toContainText(`You used the code ${code}: Accepted`);
  await expectAccessible(friend, 'refer a friend (friend)');
  await friend.screenshot({ path: testInfo.outputPath('refer-friend-360.png'), fullPage: true });

  // The friend's first refuel: the summary previews 5 ct/l.
  await friend.goto(`/pay?pid=${station.id}`);
  await friend.getByRole('button', { name: `Pump ${PUMP}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(friend.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await friend.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await friend.getByRole('button', { name: '€20.00' }).click();
  await expect(friend.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const discounts = friend.getByRole('heading', { name: 'Your discounts' }).locator('xpath=..');
  await expect(discounts).toContainText('Welcome from a friend');
  await expect(discounts).toContainText('5 ct/l');
  const promised = euros(await discounts.getByRole('definition').first().innerText());
  expect(Number(promised)).toBeGreaterThan(0);
  await friend.getByRole('button', { name: 'Pay €20.00' }).click();
  await expect(friend).toHaveURL(/\/pay\/prepay\/fueling\?/);

  await expect.poll(async () => (await pumpDevice(friend)).state, { timeout: 15_000 }).toBe('RELEASED');
  const productId = (await pumpDevice(friend)).productId;
  const act = (action: string) =>
    friend.request.post(`/forecourt/api/stations/${station.id}/devices/${productId}/${action}`, { data: {} });
  expect((await act('lift')).ok()).toBe(true);
  await expect
    .poll(async () => (await pumpDevice(friend)).amount, { timeout: 60_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(1999);
  await friend.waitForTimeout(1500);
  expect((await act('hang-up')).ok()).toBe(true);

  await expect(friend).toHaveURL(/\/pay\/finish\?/, { timeout: 20_000 });
  const line = friend.getByRole('article', { name: 'Receipt' }).locator('.receipt-discount');
  await expect(line).toContainText('Welcome from a friend');
  expect(euros(await line.innerText())).toBe(promised);

  // The referrer sees the friend on the way to 100 l.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'In progress' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('refer-progress-360.png'), fullPage: true });
  await friendContext.close();
});

test('a driver in Denmark reads the offer in Danish crowns per litre', async ({ page }, testInfo) => {
  await registerByMail(page, uniqueEmail('referral-dk'), 'e2e-Password-9');
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
  const patched = await page.request.patch(`/api/users/${auth.userId}`, {
    headers: { Authorization: `Bearer ${auth.token}` },
    data: { localisationCountry: 'DK' },
  });
  expect(patched.status()).toBe(200);
  await page.evaluate(() => localStorage.setItem('language', 'da'));
  await page.goto('/profile/refer');
  const offer = page.getByTestId('referral-offer');
  // The server's Danish amounts (0.40 and 0.75 DKK per litre), formatted as Danish money: "0,40 kr./l".
  await expect(offer.getByRole('listitem').first()).toHaveText(/0,40\skr\.\/l/);
  await expect(offer.getByRole('listitem').nth(1)).toHaveText(/0,75\skr\.\/l.*0,75\skr\.\/l/);
  await expect(offer).not.toContainText('ct/l');
  await expectAccessible(page, 'refer a friend in Denmark');
  await page.screenshot({ path: testInfo.outputPath('refer-denmark-360.png'), fullPage: true });
});

test('a friend’s code from /register rides through Sign in with Amazon; a mistyped one keeps the sign-in and is offered again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await registerByMail(page, uniqueEmail('amazon-referrer'), 'e2e-Password-9');
  await addCardOnProviderPage(page);
  await buyWash(page, page.request);
  await page.goto('/profile/refer');
  const code = (await page.getByTestId('referral-code').innerText()).trim();

  async function viaAmazon(link: string, email: string) {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 360, height: 740 },
    });
    const friend = await context.newPage();
    await friend.goto(link);
    await friend.getByRole('button', { name: 'Sign in with Amazon' }).click();
    await expect(friend).toHaveURL(/\/dev\/amazon\/sign-in\?/);
    await friend.getByLabel('Name').fill('Amazon Friend');
    await friend.getByLabel('Email').fill(email);
    await friend.getByRole('button', { name: 'Continue' }).click();
    return { context, friend };
  }

  // The share link's code: the new Amazon account is referred (the code went to Amazon's page and came back).
  const first = await viaAmazon(`/register?referralCode=${code}`, uniqueEmail('amazon-friend'));
  await expect(first.friend).toHaveURL(/\/map(\?|$)/);
  await first.friend.goto('/profile/refer');
  await expect(first.friend.getByTestId('referred-by')).toContainText(`You used the code ${code}: Accepted`);
  await first.context.close();

  // A mistyped code: signed in all the same, on /profile/refer, told why, the code ready to correct.
  const second = await viaAmazon('/register?referralCode=zzzz2345', uniqueEmail('amazon-mistyped'));
  await expect(second.friend).toHaveURL(/\/profile\/refer\?/);
  await expect(second.friend.getByText(/your friend's code ZZZZ2345 could not be used/)).toContainText(
    'This referral code does not exist',
  );
  const field = second.friend.getByLabel('Referral code');
  await expect(field).toHaveValue('ZZZZ2345');
  await expectAccessible(second.friend, 'refer a friend after a refused code');
  await second.friend.screenshot({ path: testInfo.outputPath('refer-amazon-refused-360.png'), fullPage: true });
  await field.fill(code);
  await second.friend.getByRole('button', { name: 'Use code' }).click();
  await expect(second.friend.getByTestId('referred-by')).toContainText(`You used the code ${code}: Accepted`);
  await expect(second.friend.getByText(/could not be used/)).toHaveCount(0);
  await second.context.close();
});
