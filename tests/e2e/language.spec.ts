import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/** The German catalog's translation of an English message (so the test reads what a German driver reads). */
function german(msgid: string): string {
  const dir = new URL('../../src/locales/de/', import.meta.url);
  const po = readdirSync(dir)
    .filter((file) => file.endsWith('.po'))
    .map((file) => readFileSync(new URL(file, dir), 'utf8'))
    .join('\n');
  const escaped = msgid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`msgid "${escaped}"\\nmsgstr "(.+)"`).exec(po);
  if (!match) throw new Error(`no German translation for ${msgid}`);
  return match[1]!;
}

const preloadedCatalog = (page: import('./fixtures').Page) =>
  page.locator('link[rel="modulepreload"][href^="/assets/shell-"]').getAttribute('href');

test('switch to German on the landing page, and it is still German after a reload', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  // index.html asks for the language's catalog beside the entry (issue 16), here the English one.
  const english = await preloadedCatalog(page);
  expect(english).toBeTruthy();
  await expectAccessible(page, 'landing');
  await page.getByRole('button', { name: 'Change language' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your language' })).toBeVisible();
  await expectAccessible(page, 'landing, language sheet open');
  await page.getByRole('dialog').getByText('Deutsch').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const heading = german('Pay at the pump from your phone');
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
  // After the reload the stored language's catalog is the one asked for up front.
  const germanCatalog = await preloadedCatalog(page);
  expect(germanCatalog).not.toBe(english);
  expect(requested).toContain(germanCatalog);
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });
  test('the first visit follows the browser language', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { name: german('Pay at the pump from your phone') })).toBeVisible();
  });
  test('an old stored value with a region is migrated', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('language', 'fr-FR');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/landing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
  });
});

test('the language can be changed on settings, and not from the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Change language' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: /App language.*English/ })).toBeVisible();
  await expectAccessible(page, 'settings (guest)');
  await page.getByRole('button', { name: /App language/ }).click();
  await page.getByRole('dialog').getByText('Polski').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('button', { name: /Polski/ })).toBeVisible();
});
