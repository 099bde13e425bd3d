// The payment PIN: create and confirm it, enter it before paying with a card that asks for it (digits only, a wrong
// one, the right one), and the lock after three wrong PINs that only the account password opens.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.manyPumps;
const PASSWORD = 'e2e-Password-9';
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/** The sandbox card that registers as CREDIT_CARD: paying with it asks for the PIN first. */
async function addPinCard(page: Page) {
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Credit or debit card' }).click();
  await page.getByLabel('Card number').fill('5200 8282 8282 8210');
  await page.getByLabel('Name on card').fill('Ada Driver');
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2034');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Your card was added')).toBeVisible();
}

async function setPin(page: Page, pin: string) {
  await page.goto('/profile/payments/pin');
  await expect(page.getByRole('heading', { name: 'Set up a payment PIN' })).toBeVisible();
  await page.getByLabel('New PIN').fill(pin);
  await page.getByLabel('Confirm PIN').fill(pin);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();
}

async function toSummary(page: Page, pump: string) {
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '8210' })).toBeVisible();
}

test('create and confirm the PIN, then enter it before paying: digits only, a wrong one, the right one', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('pin'), PASSWORD);
  await page.goto('/profile/payments');
  await page.getByRole('link', { name: /^Payment PIN/ }).click();
  await expect(page.getByRole('heading', { name: 'Set up a payment PIN' })).toBeVisible();
  await expectAccessible(page, 'set up PIN');
  await page.getByLabel('New PIN').fill('12a4');
  await page.getByLabel('Confirm PIN').fill('12a4');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('The PIN may contain numbers only')).toBeVisible();
  await page.getByLabel('New PIN').fill('1234');
  await page.getByLabel('Confirm PIN').fill('1243');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PIN does not match')).toBeVisible();
  await expectAccessible(page, 'PIN errors');
  await page.getByLabel('Confirm PIN').fill('1234');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Your payment PIN was saved')).toBeVisible();

  await addPinCard(page);
  await toSummary(page, '5');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  const sheet = page.getByRole('dialog', { name: 'Enter your payment PIN' });
  await expect(sheet).toBeVisible();
  await expectAccessible(page, 'PIN sheet');
  await sheet.getByLabel('Payment PIN').fill('12ab');
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(sheet.getByText('The PIN may contain numbers only')).toBeVisible();
  await sheet.getByLabel('Payment PIN').fill('9999');
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(sheet.getByText('Wrong PIN. 2 tries left.')).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/prepay\/summary/);
  await sheet.getByLabel('Payment PIN').fill('1234');
  await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?/);
  await expect(page.getByRole('heading', { name: 'Pump 5' })).toBeVisible();
});

test('no PIN yet: pay is off until one is set; three wrong PINs lock it, the account password unlocks it', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('pinlock'), PASSWORD);
  await addPinCard(page);
  await toSummary(page, '6');
  await expect(page.getByText('Set up a payment PIN to pay with this card.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay €30.00' })).toBeDisabled();
  await setPin(page, '4821');

  await toSummary(page, '6');
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  const sheet = page.getByRole('dialog', { name: 'Enter your payment PIN' });
  const wrong = async (pin: string) => {
    await sheet.getByLabel('Payment PIN').fill(pin);
    await sheet.getByRole('button', { name: 'Confirm and pay' }).click();
  };
  await wrong('0001');
  await expect(sheet.getByText('Wrong PIN. 2 tries left.')).toBeVisible();
  await wrong('0002');
  await expect(sheet.getByText('Wrong PIN. 1 try left.')).toBeVisible();
  await wrong('0003');
  await expect(sheet.getByText('Your PIN is locked')).toBeVisible();
  await expectAccessible(page, 'PIN locked');
  await sheet.getByRole('link', { name: 'Unlock PIN' }).click();
  await expect(page.getByRole('heading', { name: 'Payment PIN locked' })).toBeVisible();
  await page.getByLabel('Account password').fill('not-my-password-1');
  await page.getByRole('button', { name: 'Unlock PIN' }).click();
  await expect(page.getByText('The account password is not correct')).toBeVisible();
  await page.getByLabel('Account password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock PIN' }).click();
  await expect(page.getByText('Your payment PIN is unlocked')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change payment PIN' })).toBeVisible();
});
