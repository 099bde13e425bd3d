// Vouchers as a driver meets them (issue 13): a custom code with its errors, the voucher card, then a prepay fill whose
// summary previews the discount and whose receipt shows the same amount (one discount engine on the server).
import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, test } from './fixtures';
import { addCardOnProviderPage, expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.manyPumps;
const [PUMP] = devicesOf('vouchers', 'manyPumps');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function addCode(page: Page, code: string) {
  await page.getByLabel('Voucher code').fill(code);
  await page.getByRole('button', { name: 'Add voucher' }).click();
}

type Device = { productId: string; name?: string; state: string; amount: number; quantity: number };
async function pumpDevice(page: Page): Promise<Device> {
  const res = await page.request.get(`/forecourt/api/stations/${station.id}`);
  const body = (await res.json()) as { devices: Device[] };
  const device = body.devices.find((d) => d.name === PUMP);
  if (!device) throw new Error(`no pump ${PUMP}`);
  return device;
}
const euros = (text: string) => /€(\d+\.\d{2})/.exec(text)?.[1];

test('a custom voucher: its errors, the card, the discount previewed and the same discount on the receipt', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await registerByMail(page, uniqueEmail('vouchers'), 'e2e-Password-9');
  await addCardOnProviderPage(page);

  await page.goto('/profile');
  await page.getByRole('link', { name: /Vouchers/ }).click();
  await expect(page.getByRole('heading', { name: 'Vouchers', exact: true })).toBeVisible();
  await expect(page.getByText('No vouchers yet')).toBeVisible();
  await expectAccessible(page, 'vouchers (empty)');
  await page.getByRole('link', { name: 'Add a voucher code' }).click();
  await expect(page).toHaveURL(/\/profile\/vouchers\/add/);
  await addCode(page, 'NO-SUCH-CODE');
  await expect(page.getByRole('alert')).toContainText('Voucher code could not been verified');
  await addCode(page, 'SUMMER2024');
  await expect(page.getByRole('alert')).toContainText('Voucher is expired. Please reload the page.');
  await expectAccessible(page, 'add voucher');
  await addCode(page, 'welcome10');
  await expect(page).toHaveURL(/\/profile\/vouchers(\?|$)/);
  const card = page.getByRole('button', { name: /Welcome/ });
  await expect(card).toContainText('10 ct/l');
  await expect(card).toContainText('On');
  await card.click();
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  await expect(sheet).toContainText('Uses left');
  await expectAccessible(page, 'voucher detail');
  await sheet.getByRole('button', { name: 'Switch off' }).click();
  await expect(card).toContainText('Off');
  await card.click();
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Switch on' }).click();
  await expect(card).toContainText('On');
  await page.getByRole('link', { name: 'Add a voucher code' }).click();
  await addCode(page, 'WELCOME10');
  await expect(page.getByRole('alert')).toContainText('Voucher already redeemed');

  // The summary previews the discount of a full €20.00 fill.
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${PUMP}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€20.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const discounts = page.getByRole('heading', { name: 'Your discounts' }).locator('xpath=..');
  await expect(discounts).toContainText('Welcome');
  const promised = euros(await discounts.getByRole('definition').first().innerText());
  expect(Number(promised)).toBeGreaterThan(0);
  await expect(discounts).toContainText('You pay at most');
  await expectAccessible(page, 'summary with discounts');
  await page.getByRole('button', { name: 'Pay €20.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);

  // At the pump: fill up to the maximum, then hang up.
  await expect.poll(async () => (await pumpDevice(page)).state, { timeout: 15_000 }).toBe('RELEASED');
  const productId = (await pumpDevice(page)).productId;
  const act = (action: string) =>
    page.request.post(`/forecourt/api/stations/${station.id}/devices/${productId}/${action}`, { data: {} });
  expect((await act('lift')).ok()).toBe(true);
  await expect
    .poll(async () => (await pumpDevice(page)).amount, { timeout: 60_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(1999);
  // The meter stops at the cap within a few millilitres of 19.99/20.00: let it get there.
  await page.waitForTimeout(1500);
  expect((await act('hang-up')).ok()).toBe(true);

  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 20_000 });
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const line = receipt.locator('.receipt-discount');
  await expect(line).toContainText('Welcome');
  expect(euros(await line.innerText())).toBe(promised);
  const charged = euros(await receipt.getByText('Charged').locator('xpath=..').innerText());
  const total = euros(await receipt.locator('.receipt-total').innerText());
  expect(charged).toBe(total);
  await expectAccessible(page, 'receipt with discount');

  // Single use: the card is used up now.
  await page.goto('/profile/vouchers');
  await expect(page.getByRole('button', { name: /Welcome/ })).toContainText('Used');
});
