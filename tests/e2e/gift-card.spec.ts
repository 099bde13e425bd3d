// Gift card (pay-flows.md §2 gift card flow, registered users only; §4 always postpay): choose an amount, pay, see
// the code with its expiry, amount and balance.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { expectAccessible, signInAsDemoDriver } from './helpers';

const station = DEMO_STATIONS.giftShop;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('gift card: amount, pay, code with expiry, amount and balance', async ({ page }) => {
  await signInAsDemoDriver(page);
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Buy a gift card' }).click();
  await expect(page).toHaveURL(/\/pay\/postpay\/gift-card\?/);
  await page.getByText('Gift card 50 EUR', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Gift card 50 EUR/ })).toBeChecked();
  await expectAccessible(page, 'gift card');
  await page.getByRole('button', { name: 'Pay €50.00' }).click();
  await expect(page).toHaveURL(/\/pay\/postpay\/processing\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Your gift card' })).toBeVisible();
  await expect(page.getByTestId('gift-card-code')).toHaveText(/^\d{8}$/);
  await expect(page.getByText('Valid until')).toBeVisible();
  await expect(page.getByText('Balance')).toBeVisible();
  await expectAccessible(page, 'gift card code');
  await page.screenshot({ path: '/tmp/ev/gift-card.png', fullPage: true });
});
