// The data export as a driver uses it (issue 36, GDPR art. 15/20): on Personal details, "Request my data" starts it,
// the row says it is being prepared, then offers "Download my data" (the ready mail arrives too); the download is a
// ZIP holding the README and the driver's own data. axe on the screen in each state.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

const PASSWORD = 'export-e2e-9';

async function openPersonalDetails(page: Page) {
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await page.getByRole('link', { name: /Personal details/ }).click();
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
}

test('request my data, see it ready, download the ZIP', async ({ page }) => {
  const email = uniqueEmail('export');
  await registerByMail(page, email, PASSWORD);
  await openPersonalDetails(page);
  const request = page.getByRole('button', { name: /Request my data/ });
  await expect(request).toContainText(`We collect everything we keep about you in a ZIP file and email ${email}`);
  await expectAccessible(page, '/profile/manage (no export)');
  await request.click();
  await expect(page.getByText(`Your data is being prepared. We will email ${email} when it is ready.`)).toBeVisible();

  // Built in the background: the screen looks again until it is ready (the row says "Preparing" meanwhile).
  const download = page.getByRole('button', { name: /Download my data/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toContainText(/ZIP file, .+, available until .+/);
  // The request scrolled the (now longer: linked sign-ins) page, leaving the SMS checkbox half under the sticky app
  // bar, which axe's target-size rule counts as obscured; checked from the top like the first state.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, '/profile/manage (export ready)');

  // The ready mail goes out from the mail queue just after the export is ready.
  await expect
    .poll(async () => {
      const mails = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
      return ((await mails.json()) as Array<{ subject: string }>).map((m) => m.subject);
    })
    .toContain('Your Forecourt Pay data export is ready');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^forecourt-pay-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path()) as string)));
  expect(strFromU8(files['README.txt'] as Uint8Array)).toContain('profile.json, profile.csv: ');
  const profile = JSON.parse(strFromU8(files['profile.json'] as Uint8Array)) as Array<{ email: string }>;
  expect(profile.map((p) => p.email)).toEqual([email]);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['vehicles.csv', 'orders.json', 'sessions.csv']));

  // After a reload the screen still knows the export (the server's state, not the page's).
  await page.reload();
  await expect(page.getByRole('button', { name: /Download my data/ })).toBeVisible();
});
