// The account area as a driver uses it (shell-and-account.md §2, §3 Account form fields, §5, issue 13): personal
// details, address and VAT data (a Portuguese tax id checked), deleting the account, and the registered-only guard.
// axe on every screen reached.
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

const PASSWORD = 'account-e2e-9';

async function openProfile(page: Page) {
  // registerByMail ends on the settings; the profile is its first account row.
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeAttached();
}

async function pick(page: Page, field: RegExp | string, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('dialog').getByText(option, { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('edit personal details and the address; they are kept', async ({ page }) => {
  await registerByMail(page, uniqueEmail('account'), PASSWORD);
  await openProfile(page);
  await expect(page.getByText('No name yet')).toBeVisible();
  await expectAccessible(page, '/profile');

  await page.getByRole('link', { name: /Personal details/ }).click();
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Sousa');
  await page.getByLabel('Phone').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Phone field format is invalid')).toBeVisible();
  await expectAccessible(page, '/profile/manage with an error');
  await page.getByLabel('Phone').fill('+351 912 345 678');
  await page.getByRole('checkbox', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details are saved')).toBeVisible();
  // Back to the hub, which now names the driver.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Rita Sousa')).toBeVisible();
  // Kept on the server: a fresh load shows them.
  await page.goto('/profile/manage');
  await expect(page.getByLabel('First name')).toHaveValue('Rita');
  await expect(page.getByLabel('Phone')).toHaveValue('+351 912 345 678');
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await page.goto('/profile');

  await page.getByRole('link', { name: /Address/ }).click();
  await expect(page).toHaveURL(/\/address/);
  await expect(page.locator('.top-bar-title')).toHaveText('Address');
  await page.getByLabel('Street').fill('Rua Augusta');
  await page.getByLabel('House number').fill('24');
  await page.getByLabel('Additional address line').fill('2º Esq.');
  await page.getByLabel('City').fill('Lisboa');
  await page.getByLabel('Zip code').fill('1100-053');
  await pick(page, /^Country/, 'Portugal');
  await expectAccessible(page, '/address');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole('link', { name: /Address\s*Lisboa/ })).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: /Address/ }).click();
  await expect(page.getByLabel('Street')).toHaveValue('Rua Augusta');
  await expect(page.getByLabel('Zip code')).toHaveValue('1100-053');
  await expect(page.getByRole('button', { name: /^Country/ })).toContainText('Portugal');
});

test('a Portuguese tax id is checked: an invalid one is refused, a valid one saved', async ({ page }) => {
  await registerByMail(page, uniqueEmail('tax'), PASSWORD);
  await openProfile(page);
  await page.getByRole('link', { name: /VAT data/ }).click();
  await expect(page).toHaveURL(/\/tax/);
  await expect(page.locator('.top-bar-title')).toHaveText('VAT data');
  await pick(page, /^Country/, 'Portugal');
  await page.getByLabel('Tax ID').fill('501442601');
  await page.getByRole('button', { name: 'Save VAT data' }).click();
  await expect(page.getByText('The Tax ID field format is invalid')).toBeVisible();
  await expect(page).toHaveURL(/\/tax/);
  await expectAccessible(page, '/tax with an invalid NIF');
  await page.getByLabel('Tax ID').fill('501 442 600');
  await expect(page.getByText('The Tax ID field format is invalid')).toBeHidden();
  await page.getByRole('button', { name: 'Save VAT data' }).click();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole('link', { name: /VAT data\s*501442600/ })).toBeVisible();
});

test('delete the account: it names what is lost, then logging in again is refused', async ({ page }) => {
  const email = uniqueEmail('delete');
  await registerByMail(page, email, PASSWORD);
  await openProfile(page);
  await page.getByRole('link', { name: /Personal details/ }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('your vehicles')).toBeVisible();
  await expect(dialog.getByText('your saved payment methods')).toBeVisible();
  await expectAccessible(page, 'delete confirm');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/landing/);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText("Username and/or password are wrong. Maybe you didn't create an account.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

// Requesting, seeing ready and downloading the data export: data-export.spec.ts.

test('the account pages are for registered drivers: a guest goes to /login with the query kept', async ({ page }) => {
  for (const path of ['/profile', '/profile/manage', '/address', '/tax']) {
    await page.goto(`${path}?partner=acme`);
    await expect(page).toHaveURL(/\/login\?.*partner=acme/);
  }
});
