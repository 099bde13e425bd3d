// Vehicles as a driver keeps them (shell-and-account.md §2.4 Vehicles, §4 "a preferred car cannot be deleted without
// first switching", issue 13): brand → model → fuel from the catalogue, the preferred vehicle, and the list without
// signal. axe on every screen reached.
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail, waitForServiceWorker } from './helpers';

async function pick(page: Page, field: RegExp, option: string, search?: string) {
  await page.getByRole('button', { name: field }).click();
  const sheet = page.getByRole('dialog');
  if (search) await sheet.getByLabel('Search').fill(search);
  await sheet.getByText(option, { exact: true }).click();
  await expect(sheet).toBeHidden();
}

test('create from the catalogue, make preferred, delete refused, switch, delete; the list opens offline', async ({
  page,
  context,
}) => {
  // A long walk through many screens: twice the default, so a loaded machine does not fail it.
  test.setTimeout(120_000);
  await registerByMail(page, uniqueEmail('cars'), 'vehicles-e2e-9');
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: /Your vehicles/ }).click();
  await expect(page).toHaveURL(/\/profile\/cars/);
  await expect(page.getByRole('heading', { name: 'No vehicles yet' })).toBeVisible();
  await expectAccessible(page, 'empty vehicle list');

  // A car from the catalogue: the searchable brand sheet, then its models, then its fuels (the tank size follows).
  await page.getByRole('link', { name: 'Add a vehicle' }).click();
  await page.getByRole('button', { name: /^Brand/ }).click();
  await page.getByRole('dialog').getByLabel('Search').fill('volks');
  await expect(page.getByRole('dialog').getByText('Renault', { exact: true })).toBeHidden();
  await expectAccessible(page, 'brand sheet');
  await page.getByRole('dialog').getByText('Volkswagen', { exact: true }).click();
  await pick(page, /^Model/, 'Golf');
  await pick(page, /^Fuel type/, 'Diesel');
  await expect(page.getByLabel('Tank capacity (litres)')).toHaveValue('50');
  await page.getByLabel('Build year').fill('2021');
  await page.getByLabel('License plate').fill('B-FP 101');
  await page.getByLabel('Mileage (km)').fill('2000000');
  await page.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(page.getByText('The mileage can be at most 1,000,000 km')).toBeVisible();
  await page.getByLabel('Mileage (km)').fill('42000');
  await page.getByLabel('VIN').fill('WVWZZZCDZMW000001');
  await expectAccessible(page, 'vehicle form');
  await page.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(page).toHaveURL(/\/profile\/cars(\?|$)/);
  const golf = page.getByRole('link', { name: /Volkswagen Golf/ }).first();
  await expect(golf).toContainText('Preferred');

  // A motorcycle.
  await page.getByRole('link', { name: 'Add a vehicle' }).click();
  await page.getByRole('button', { name: /^Vehicle type/ }).click();
  await page.getByRole('dialog').getByText('Motorcycle', { exact: true }).click();
  await pick(page, /^Brand/, 'Ducati', 'duc');
  await pick(page, /^Model/, 'Monster');
  await page.getByLabel('Name').fill('Duc');
  await page.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(page.getByRole('link', { name: /^Duc/ })).toBeVisible();
  await expectAccessible(page, 'vehicle list');

  // Make the motorcycle preferred; then it cannot be deleted.
  await page.getByRole('link', { name: /^Duc/ }).click();
  await page.getByRole('button', { name: 'Make preferred' }).click();
  await expect(page.getByText('This is your preferred vehicle.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete vehicle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete vehicle' }).click();
  await expect(
    page.getByText('This is your preferred vehicle. Make another vehicle your preferred one first.'),
  ).toBeVisible();
  await expectAccessible(page, 'delete refused');

  // Switch back to the car, then the motorcycle goes.
  await page.goto('/profile/cars');
  await golf.click();
  await page.getByRole('button', { name: 'Make preferred' }).click();
  await expect(page.getByText('This is your preferred vehicle.', { exact: true })).toBeVisible();
  await page.goto('/profile/cars');
  await page.getByRole('link', { name: /^Duc/ }).click();
  await page.getByRole('button', { name: 'Delete vehicle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete vehicle' }).click();
  await expect(page).toHaveURL(/\/profile\/cars(\?|$)/);
  await expect(page.getByRole('link', { name: /^Duc/ })).toHaveCount(0);
  await expect(golf).toContainText('Preferred');

  // Without signal the list opens from the phone.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: /Volkswagen Golf/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Volkswagen Golf/ })).toContainText('B-FP 101');
  await context.setOffline(false);
});
