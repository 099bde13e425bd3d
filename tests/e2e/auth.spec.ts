import { expect, test } from '@playwright/test';
import { openSettingsFromHome, registerByMail, uniqueEmail } from './helpers';

test('a first visit shows the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing\?auth=0$/);
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms' })).toHaveAttribute('target', '_blank');
});

test('register, log out, log in', async ({ page }) => {
  const email = uniqueEmail('reg');
  await registerByMail(page, email, 'correct-horse-1');
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Username and/or password are wrong');
  // What the driver typed stays.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();
});

test('registration checks the form before sending and reports a taken email', async ({ page }) => {
  await page.goto('/register/mail');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The Email field is required')).toBeVisible();
  await expect(page.getByText('Please accept the terms and conditions')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('driver@example.com');
  await page.getByLabel('Password', { exact: true }).fill('1234567');
  await page.getByLabel('Confirm password').fill('1234568');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password must have 8 to 40 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('forecourt-demo');
  await page.getByLabel('Confirm password').fill('forecourt-demo');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('already registered');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('driver@example.com');
});

test('the demo driver logs in with the seeded account', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@example.com');
  await page.getByLabel('Password', { exact: true }).fill('forecourt-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText('driver@example.com')).toBeVisible();
  // The help panel shows the account's hotline and the hours.
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog')).toContainText('+49 30 1234 5678');
  await expect(page.getByRole('dialog')).toContainText('Monday to Friday, 9:00 to 18:00 (GMT+2)');
});

test('continue as guest', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText('You are using Forecourt Pay as a guest.')).toBeVisible();
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
  expect(auth).toMatchObject({ token: expect.any(String), userId: expect.any(String) });
  expect(auth.expiry).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
});

test('a registered-only route as a guest lands on /login with the query kept', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await openSettingsFromHome(page);
  await page.goto('/change-password?pid=station-7&partner=demo-partner');
  await expect(page).toHaveURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('pid')).toBe('station-7');
  expect(url.searchParams.get('partner')).toBe('demo-partner');
  expect(url.searchParams.get('auth')).toBe('0');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('change the password from settings', async ({ page }) => {
  const email = uniqueEmail('chg');
  await registerByMail(page, email, 'first-password');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('not-it-at-all');
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('The password you entered is incorrect');
  await page.getByLabel('Current password').fill('first-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The new session works: settings still shows the account.
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page.getByText(email)).toBeVisible();
});
