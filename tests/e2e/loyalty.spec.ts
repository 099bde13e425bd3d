// Loyalty as the demo driver meets it (every program is on for the demo account): the partner form refuses someone
// under 16, a card is added in its format, and the card shows on the prepay summary.
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { expectAccessible, refuseOdometer, signInAsDemoDriver } from './helpers';

const station = DEMO_STATIONS.manyPumps;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

test('loyalty: the partner form’s age rule, a card added, and the card on the summary', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemoDriver(page);

  await page.goto('/profile');
  await page.getByRole('link', { name: /Loyalty cards/ }).click();
  await expect(page.getByRole('heading', { name: 'Loyalty cards', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Repsol Waylet/ })).toBeVisible();
  await expectAccessible(page, 'loyalty list');

  // Q8 Smiles: create an account with the partner; a birth date under 16 years is refused.
  await page.getByRole('link', { name: /Q8 Smiles/ }).click();
  await page.getByRole('link', { name: 'No account yet? Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Card number').fill('7 123456 789012');
  const young = new Date();
  young.setFullYear(young.getFullYear() - 15);
  await page.getByLabel('Birth date').fill(young.toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('You must be at least 16 years old to join.');
  await expectAccessible(page, 'partner form');
  await page.getByLabel('Birth date').fill('1990-05-05');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile\/loyalty(\?|$)/);
  await expect(page.getByRole('button', { name: /Q8 Smiles/ })).toContainText('7123456789012');

  // A plain card in a wrong format, then right.
  await page.getByRole('link', { name: /Noop Points/ }).click();
  await page.getByLabel('Card number').fill('12345');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('The Card number field format is invalid')).toBeVisible();
  await page.getByLabel('Card number').fill('NP12345678');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('button', { name: /Noop Points/ })).toBeVisible();

  // The first card on the prepay summary.
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Pump 7', exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await refuseOdometer(page);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const slot = page.getByRole('region', { name: 'Q8 Smiles' });
  await expect(slot).toContainText('Card ending 9012');

  // Remove one again (the demo driver is shared by other tests).
  await page.goto('/profile/loyalty');
  await page.getByRole('button', { name: /Noop Points/ }).click();
  await page.getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByRole('button', { name: /Noop Points/ })).toHaveCount(0);
});
