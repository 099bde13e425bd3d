import { expect, test } from './fixtures';
import { expectAccessible, openSettingsFromHome, uniqueEmail } from './helpers';

test('sign in with the demo identity provider: unknown, register, then log in', async ({ page }) => {
  const email = uniqueEmail('oidc');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Demo ID' }).click();
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Unknown identity: the app offers registration with the email filled in.
  await expect(page).toHaveURL(/\/register\/mail/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByText('There is no account for this identity yet.')).toBeVisible();
  await expectAccessible(page, 'register/mail after an unknown identity');
  await page.getByLabel('Password', { exact: true }).fill('linked-pass-1');
  await page.getByLabel('Confirm password').fill('linked-pass-1');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  // Now the identity is linked: signing in with it logs in directly.
  await page.getByRole('button', { name: 'Continue with Demo ID' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();
});
