// Payconiq, a redirect method, as a driver uses it: link it on the provider's page (closing it first links nothing),
// then pay with it after the PIN: out to the provider's page and back to the pump; a payment refused there fails.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.payconiq;
const PASSWORD = 'e2e-Password-9';
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function payAtPump(page: Page, pump: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Payconiq' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await page.getByRole('textbox', { name: 'Payment PIN' }).fill('2468');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  // Out to the provider's page: the amount and the station's brand.
  await expect(page).toHaveURL(/\/psp\/challenge\//);
  await expect(page.getByRole('heading', { name: 'Approve the payment' })).toBeVisible();
  await expect(page.getByText('Pay EUR 30.00 to Lowland Fuel with Payconiq.')).toBeVisible();
}

test('Payconiq: linked on its page (closed, then approved), paid on its page, and a payment refused there', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('payconiq'), PASSWORD);
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Link Payconiq' }).click();
  await expect(page).toHaveURL(/\/psp\/payconiq\//);
  await expect(page.getByRole('heading', { name: 'Link Payconiq to Forecourt Pay' })).toBeVisible();
  await expectAccessible(page, 'Payconiq page');
  await page.getByRole('button', { name: 'Close window' }).click();
  await expect(page).toHaveURL(/\/profile\/payments(\?|$)/);
  await expect(page.getByText('No payment methods yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Link Payconiq' }).click();
  await page.getByRole('button', { name: 'Agree and link' }).click();
  await expect(page.getByText('Payconiq was linked')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payconiq/ })).toContainText('Preferred');

  // Payconiq is not in the four that skip the validation step (pay-flows.md §4): a PIN first.
  await page.goto('/profile/payments/pin');
  await page.getByLabel('New PIN').fill('2468');
  await page.getByLabel('Confirm PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();

  await payAtPump(page, '1');
  await expectAccessible(page, 'Payconiq payment page');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Pump 1' })).toBeVisible();

  await payAtPump(page, '2');
  await page.getByRole('button', { name: 'Refuse' }).click();
  await expect(page).toHaveURL(/\/error\?.*type=payment/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
});
