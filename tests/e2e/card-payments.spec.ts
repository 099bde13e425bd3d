// Paying with cards registered on the sandbox provider's page: 3-D Secure approved (on to the pump) and denied (the
// payment error page), and a declined card.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, test } from './fixtures';
import { addCardOnProviderPage, expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.payconiq;
const [APPROVED_PUMP, DENIED_PUMP, DECLINED_PUMP] = devicesOf('card-payments', 'payconiq');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/** A new driver with one card, added on the provider's page. */
async function driverWithCard(page: Page, number: string) {
  await registerByMail(page, uniqueEmail('card-pay'), 'e2e-Password-9');
  await addCardOnProviderPage(page, number);
}

/** Pump, fuel, 30.00, and press pay with the card. */
async function payAtPump(page: Page, pump: string, last4: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: last4 })).toBeVisible();
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
}

test('3-D Secure approved: the issuer’s page, a wrong code, the right one, then the pump is released', async ({
  page,
}) => {
  await driverWithCard(page, '4000 0000 0000 3220');
  await payAtPump(page, APPROVED_PUMP, '3220');
  await expect(page).toHaveURL(/\/psp\/challenge\//);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText('EUR 30.00')).toBeVisible();
  await expectAccessible(page, '3-D Secure challenge');
  await page.getByLabel('Security code from your bank').fill('9999');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('alert')).toContainText('2 tries left');
  await page.getByLabel('Security code from your bank').fill('1234');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page).toHaveURL(/resultIndicator=/);
  await expect(page.getByRole('heading', { name: `Pump ${APPROVED_PUMP}` })).toBeVisible();
  await expect(page.getByText('Maximum amount: €30.00')).toBeVisible();
});

test('3-D Secure denied: the payment error page', async ({ page }) => {
  await driverWithCard(page, '4000 0000 0000 3220');
  await payAtPump(page, DENIED_PUMP, '3220');
  await expect(page).toHaveURL(/\/psp\/challenge\//);
  await page.getByRole('button', { name: 'Deny payment' }).click();
  await expect(page).toHaveURL(/\/error\?.*type=payment/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
});

test('a declined card: the payment error page', async ({ page }) => {
  await driverWithCard(page, '4000 0000 0000 0002');
  await payAtPump(page, DECLINED_PUMP, '0002');
  await expect(page).toHaveURL(/\/error\?.*type=payment/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
});

test('3-D Secure on a car wash: to the issuer, back out (the summary pays again), then the code and the wash code', async ({
  page,
}) => {
  // Registering the card, the issuer's page and the wash: longer than the default on a loaded 2-core machine.
  test.setTimeout(120_000);
  await driverWithCard(page, '4000 0000 0000 3220');
  await page.goto(`/pay?pid=${DEMO_STATIONS.washOnly.id}`);
  await page.getByRole('button', { name: 'Car wash' }).click();
  await page.getByText('Basic', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue with Basic' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '3220' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(/\/psp\/challenge\//);
  // The driver backs out of the issuer's page: the summary again, not sent back to the issuer (no loop), payable.
  const abandoned = new URL(page.url()).pathname;
  await page.goBack();
  await expect(page.getByText("Your bank's security check was not finished.")).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/postpay\/wash\/summary/);
  await expectAccessible(page, 'summary after an abandoned challenge');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(/\/psp\/challenge\//);
  expect(new URL(page.url()).pathname).not.toBe(abandoned);
  await page.getByLabel('Security code from your bank').fill('1234');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/pay\/wash\/finish\?.*resultIndicator=/);
  await expect(page.getByRole('article', { name: /^Wash code \d{8}$/ })).toBeVisible();
});
