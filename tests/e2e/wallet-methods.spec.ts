// PayPal and MB WAY as a driver uses them: link PayPal on the provider's vault page (closing it first is
// PAYPAL_POPUP_CLOSED), then pay with it after the PIN; add MB WAY with a phone number, approve the mandate on the
// simulated phone, pay above the limit without PIN (the phone approves), and a payment the phone lets time out.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.lisbon;
const PASSWORD = 'e2e-Password-9';
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function toSummary(page: Page, pump: string, method: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: method })).toBeVisible();
}

test('PayPal: the vault page (closed, then approved), then paying with it after the PIN', async ({ page }) => {
  const email = uniqueEmail('paypal');
  await registerByMail(page, email, PASSWORD);
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Link PayPal' }).click();
  await expect(page).toHaveURL(/\/psp\/paypal\//);
  await expect(page.getByRole('heading', { name: 'Link PayPal to Forecourt Pay' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'PayPal vault page');
  await page.getByRole('button', { name: 'Close window' }).click();
  await expect(page.getByText('The PayPal window was closed. PayPal was not linked.')).toBeVisible();
  await expect(page.getByText('No payment methods yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Link PayPal' }).click();
  await page.getByRole('button', { name: 'Agree and link' }).click();
  await expect(page.getByText('Your PayPal account was linked')).toBeVisible();
  const row = page.getByRole('button', { name: /^PayPal/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Preferred');

  // "PayPal payment is allowed only if a two-factor method is set": without a PIN the pay button is off.
  await toSummary(page, '1', 'PayPal');
  await expect(page.getByRole('button', { name: 'Pay €30.00' })).toBeDisabled();
  await page.goto('/profile/payments/pin');
  await page.getByLabel('New PIN').fill('2468');
  await page.getByLabel('Confirm PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();

  await toSummary(page, '1', 'PayPal');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await page.getByRole('textbox', { name: 'Payment PIN' }).fill('2468');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Pump 1' })).toBeVisible();
});

test('MB WAY: the number, the phone approves the mandate, a payment approved and one that times out', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('mbway'), PASSWORD);
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Add MB WAY' }).click();
  await expect(page.getByRole('heading', { name: 'Add MB WAY' })).toBeVisible();
  await page.getByLabel('Phone number').fill('+351 212 345 678');
  await page.getByRole('button', { name: 'Continue in MB WAY' }).click();
  await expect(page.getByText('The Phone number field format is invalid')).toBeVisible();
  await expectAccessible(page, 'add MB WAY with an error');
  await page.getByLabel('Phone number').fill('912 345 678');
  await page.getByRole('button', { name: 'Continue in MB WAY' }).click();

  // The simulated phone: approve the mandate.
  await expect(page).toHaveURL(/\/psp\/mbway\//);
  await expect(page.getByRole('heading', { name: 'Approve MB WAY for Forecourt Pay' })).toBeVisible();
  await expect(page.getByText('+351 912345678')).toBeVisible();
  await expectAccessible(page, 'MB WAY phone');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('MB WAY was added')).toBeVisible();
  await expect(page.getByRole('button', { name: /^MB WAY/ })).toContainText('up to €20.00 without approval');

  // 30.00 is above the limit without PIN: the phone approves it, then the pump is released. No PIN step for MB WAY.
  await toSummary(page, '2', 'MB WAY');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/psp\/mbway\//);
  await expect(page.getByRole('heading', { name: 'Approve the payment' })).toBeVisible();
  await expect(page.getByText('EUR 30.00')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Pump 2' })).toBeVisible();

  // The phone does not answer in time: the payment fails.
  await toSummary(page, '3', 'MB WAY');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/psp\/mbway\//);
  await page.getByRole('button', { name: 'Let it time out (sandbox)' }).click();
  await expect(page).toHaveURL(/\/error\?.*type=payment/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
});

test('fuel card: the fields by level (VIN from level 2), its second factor, then paying with it (PIN, code)', async ({
  page,
}) => {
  const email = uniqueEmail('fuelcard');
  await registerByMail(page, email, PASSWORD);
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Add a fuel card' }).click();
  await expect(page.getByRole('heading', { name: 'Add a fuel card' })).toBeVisible();
  await page.getByLabel('Card holder').fill('Ada Driver');
  // A level 2 card (its 7th digit): the VIN is required.
  await page.getByLabel('Card number').fill('7000 0020 0000 0001');
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2034');
  await page.getByLabel('Card PIN').fill('4321');
  await expect(page.getByText('Required for this card (security level 2).')).toBeVisible();
  await page.getByRole('button', { name: 'Add fuel card' }).click();
  await expect(page.getByText('The Vehicle identification number (VIN) field is required')).toBeVisible();
  await expectAccessible(page, 'add fuel card with an error');
  await page.getByLabel('Vehicle identification number (VIN)').fill('WVWZZZ1JZXW000001');
  await page.getByRole('button', { name: 'Add fuel card' }).click();

  await expect(page.getByRole('heading', { name: 'Protect your fuel card' })).toBeVisible();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  const mail = async () => {
    const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { subject: string }[];
    return /code: (\d{6})/.exec(mails[0]?.subject ?? '')?.[1] ?? '';
  };
  await expect.poll(mail).toMatch(/^\d{6}$/);
  const code = await mail();
  await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This code is not correct. Tries left: 4')).toBeVisible();
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your fuel card was added')).toBeVisible();
  await expect(page.getByRole('button', { name: /•••• 0001/ })).toBeVisible();

  // Checkout at the truck stop that takes fuel cards: the PIN (a card flow), then a code mailed for this very order.
  await page.goto('/profile/payments/pin');
  await page.getByLabel('New PIN').fill('1357');
  await page.getByLabel('Confirm PIN').fill('1357');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();
  const truckStop = DEMO_STATIONS.fuelCard;
  await page.context().setGeolocation({ latitude: truckStop.latitude, longitude: truckStop.longitude });
  await page.goto(`/pay?pid=${truckStop.id}`);
  await page.getByRole('button', { name: 'Understood' }).click();
  await page.getByRole('button', { name: 'Pump 2', exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '0001' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  // A level 2 card pays only with a VIN on the order's vehicle (pay-flows.md §5): this driver has none yet, so the
  // summary asks for it first and saves it on a new vehicle (fuel-card-summary.spec.ts has the whole story).
  const data = page.getByRole('dialog', { name: 'Your vehicle' });
  await data.getByLabel('Vehicle identification number (VIN)').fill('WVWZZZ1JZXW000001');
  await data.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Payment PIN' }).fill('1357');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm with the code from your email' });
  await expect(sheet.getByText(/We sent a code to/)).toBeVisible();
  await expectAccessible(page, 'fuel card code at checkout');
  await expect.poll(mail).not.toBe(code);
  await sheet.getByLabel('Code from the email').fill(await mail());
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Pump 2' })).toBeVisible();
});
