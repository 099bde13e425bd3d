// Biometrics as the PIN's alternative, with Chromium's virtual authenticator (CDP WebAuthn): set up on
// /profile/payments next to the PIN, then a card that needs the validation step pays after the passkey, no PIN asked.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { registerByMail, uniqueEmail } from './helpers';

const station = DEMO_STATIONS.lisbon;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('biometrics: registration with a passkey, then validation before a card payment instead of the PIN', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await registerByMail(page, uniqueEmail('webauthn'), 'e2e-Password-9');
  await page.goto('/profile/payments');
  await page.getByRole('button', { name: /^Biometrics/ }).click();
  await expect(page.getByText('Biometrics are set up for payments')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Biometrics/ })).toContainText('On: confirms card payments');

  // The CREDIT_CARD test card asks for the validation step; no PIN is set, the passkey does it.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('link', { name: 'Credit or debit card' }).click();
  await page.getByLabel('Card number').fill('5200 8282 8282 8210');
  await page.getByLabel('Name on card').fill('Ada Driver');
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2034');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Your card was added')).toBeVisible();

  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Pump 4', exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByText('Set up a payment PIN to pay with this card.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: 'Pump 4' })).toBeVisible();
  // One passkey on the device, and the payment's validation signed with it (its counter moved).
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.signCount).toBeGreaterThan(0);
});
