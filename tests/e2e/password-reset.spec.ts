import { expect, test } from './fixtures';
import { expectAccessible, openSettingsFromHome, registerByMail, uniqueEmail } from './helpers';

test('forgotten password through the development mailbox', async ({ page }) => {
  const email = uniqueEmail('reset');
  await registerByMail(page, email, 'original-pass');
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgotten-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send temporary password' }).click();
  await expect(page.getByRole('status')).toContainText('temporary password');
  await expectAccessible(page, 'forgotten-password, sent');

  // Read the mail as a person would, in the development mailbox (the queue sends it just after the answer).
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(mail).toContainText('Your temporary Forecourt Pay password', { timeout: 1_000 });
  }).toPass();
  const text = (await mail.locator('pre').textContent()) ?? '';
  const temp = /password is: (\S+)/.exec(text)?.[1];
  expect(temp).toBeTruthy();

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temp!);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/change-tmp-password/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expectAccessible(page, 'change-tmp-password');

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await openSettingsFromHome(page);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();
});

test('forgotten password checks the address first and answers the same for an unknown one', async ({ page }) => {
  await page.goto('/forgotten-password');
  await page.getByRole('button', { name: 'Send temporary password' }).click();
  await expect(page.getByText('The Email field is required')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expectAccessible(page, 'forgotten-password, field error');
  const unknown = uniqueEmail('nobody');
  await page.getByLabel('Email', { exact: true }).fill(unknown);
  await page.getByRole('button', { name: 'Send temporary password' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${unknown}`);
});
