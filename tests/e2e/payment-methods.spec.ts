// The payment methods of a registered driver: the ways to add one in a picker sheet, a card added on the sandbox
// provider's own page and back, set as preferred, edited, removed with a confirmation, the preferred one refused, the
// limit of 10, and the list without signal.
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail, waitForServiceWorker } from './helpers';

const PASSWORD = 'e2e-Password-9';

/** The provider's card page: what a driver types there (nothing of it reaches the app). */
async function fillCardPage(page: Page, card: { number: string; holder?: string; expiry?: string; cvc?: string }) {
  await expect(page).toHaveURL(/\/psp\/cards\//);
  await expect(page.getByRole('heading', { name: 'Add a card' })).toBeVisible();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Name on card').fill(card.holder ?? 'Ada Driver');
  await page.getByLabel('Expiry (MM/YYYY)').fill(card.expiry ?? '12/2034');
  await page.getByLabel('Security code').fill(card.cvc ?? '123');
  await page.getByRole('button', { name: 'Add card' }).click();
}

/** The sticky bar's "Add payment method" opens the picker sheet; its card row leads to the provider's card page. */
async function toCardPage(page: Page) {
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page
    .getByRole('dialog', { name: 'Add payment method' })
    .getByRole('link', { name: /^Credit or debit card/ })
    .click();
}

async function addCard(page: Page, number: string) {
  await toCardPage(page);
  await fillCardPage(page, { number });
  await expect(page).toHaveURL(/\/profile\/payments(\?auth=0)?$/);
  await expect(page.getByText('Your card was added')).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

test('add a card on the provider page, set another as preferred, edit, remove with a confirmation', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('cards'), PASSWORD);
  await page.goto('/profile/payments');
  await expect(page.getByRole('heading', { name: 'Payment methods', exact: true })).toBeVisible();
  await expect(page.getByText('No payment methods yet')).toBeVisible();
  await expectAccessible(page, 'payment methods, empty');

  // The ways to add one: a picker sheet from the sticky bar, focus inside it, Escape closes it and focus goes back.
  const add = page.getByRole('button', { name: 'Add payment method' });
  await add.click();
  const sheet = page.getByRole('dialog', { name: 'Add payment method' });
  await expect(sheet).toBeVisible();
  const rows = sheet.getByRole('link');
  await expect(rows).toHaveText([
    /^Credit or debit card/,
    /^Link PayPal/,
    /^Link Bluecode/,
    /^Link Payconiq/,
    /^Add MB WAY/,
    /^Add a fuel card/,
  ]);
  await expect(rows.first()).toBeFocused();
  for (const row of await rows.all()) expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page, 'add payment method sheet');
  // Tab goes round the sheet (its close button and rows) and never reaches the page behind it, which the modal
  // <dialog> makes inert (past the last row the browser's own controls take focus: the document's body here).
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const where = await sheet.evaluate((dialog) =>
      dialog.contains(document.activeElement) ? 'sheet' : document.activeElement === document.body ? 'browser' : 'page',
    );
    expect(where, key).not.toBe('page');
  }
  await sheet.getByRole('link', { name: /^Add a fuel card/ }).focus();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(add).toBeFocused();
  // The empty list's own call to action goes straight to the card page.
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/psp\/cards\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile\/payments(\?auth=0)?$/);

  // A wrong number stays on the provider page with its message; the app has not been told anything.
  await toCardPage(page);
  await fillCardPage(page, { number: '4242 4242 4242 4241' });
  await expect(page.getByText('This card number is not valid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expectAccessible(page, 'provider card page with an error');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL(/\/profile\/payments(\?auth=0)?$/);
  await expect(page.getByText('Your card was added')).toBeVisible();
  await expect(row(page, 'Visa •••• 4242')).toContainText('Preferred');
  await expect(row(page, 'Visa •••• 4242')).toContainText('Expires 12/2034');

  await addCard(page, '5555 5555 5555 4444');
  await expect(row(page, 'Mastercard •••• 4444')).not.toContainText('Preferred');
  await expectAccessible(page, 'payment methods, two cards');

  // The preferred card cannot go while another could take its place.
  await row(page, 'Visa •••• 4242').click();
  await expect(page.getByText('This is your preferred payment method.')).toBeVisible();
  await expectAccessible(page, 'method sheet');
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Choose another preferred payment method before you remove this one.')).toBeVisible();

  // Make the Mastercard preferred: the mark moves.
  await row(page, 'Mastercard •••• 4444').click();
  await page.getByRole('button', { name: 'Set as preferred' }).click();
  await expect(page.getByText('Mastercard •••• 4444 is now your preferred payment method')).toBeVisible();
  await expect(row(page, 'Mastercard •••• 4444')).toContainText('Preferred');
  await expect(row(page, 'Visa •••• 4242')).not.toContainText('Preferred');

  // Edit the Visa on the provider page: a renewed card's expiry.
  await row(page, 'Visa •••• 4242').click();
  await page.getByRole('link', { name: 'Edit card details' }).click();
  await expect(page.getByRole('heading', { name: 'Edit card details' })).toBeVisible();
  await expectAccessible(page, 'edit card');
  await page.getByRole('button', { name: 'Update card details' }).click();
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await expect(page.getByText('VISA •••• 4242')).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Expiry (MM/YYYY)').fill('03/2036');
  await page.getByLabel('Security code').fill('321');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card was updated')).toBeVisible();
  await expect(row(page, 'Visa •••• 4242')).toContainText('Expires 03/2036');

  // Remove it, after a confirmation.
  await row(page, 'Visa •••• 4242').click();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: 'Remove Visa •••• 4242?' })).toBeVisible();
  await expectAccessible(page, 'remove confirmation');
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Visa •••• 4242 was removed')).toBeVisible();
  await expect(row(page, 'Visa •••• 4242')).toHaveCount(0);
  await expect(row(page, 'Mastercard •••• 4444')).toBeVisible();

  // Leaving the provider page without a card changes nothing.
  await toCardPage(page);
  await expect(page).toHaveURL(/\/psp\/cards\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile\/payments(\?auth=0)?$/);
  await expect(page.getByRole('button', { name: /•••• \d{4}/ })).toHaveCount(1);
});

test('the limit: with 10 payment methods the add button is off and says why', async ({ page }) => {
  await registerByMail(page, uniqueEmail('limit'), PASSWORD);
  // Nine cards through the provider page's own HTTP forms (the way the page posts), the tenth in the app.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string);
  const origin = new URL(page.url()).origin;
  const back = `${origin}/profile/payments/payment-register`;
  for (let i = 0; i < 9; i++) {
    const res = await page.request.get(
      `/api/payments/sandbox/urls?successUrl=${encodeURIComponent(back)}&errorUrl=${encodeURIComponent(back)}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(res.status()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const posted = await page.request.post(url, {
      form: { number: '4242424242424242', holder: 'Ada Driver', expiry: '12/2034', cvc: '123', action: 'save' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
  }
  await page.goto('/profile/payments');
  await expect(page.getByRole('button', { name: /•••• \d{4}/ })).toHaveCount(9);
  await addCard(page, '5555 5555 5555 4444');
  await expect(page.getByRole('button', { name: /•••• \d{4}/ })).toHaveCount(10);
  await expect(page.getByText('You have reached the limit of addable payments methods')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add payment method' })).toBeDisabled();
  await expectAccessible(page, 'payment methods at the limit');
  // The add screen itself refuses too (a bookmark, a second tab).
  await page.goto('/profile/payments/payment-register');
  await expect(page.getByText('Remove a payment method you no longer use to add another one.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/payments\/payment-register(\?auth=0)?$/);
});

test('offline the list stays as last loaded, with the offline notice; adding and changing wait for a connection', async ({
  page,
  context,
}) => {
  await registerByMail(page, uniqueEmail('offline'), PASSWORD);
  await page.goto('/profile/payments');
  await waitForServiceWorker(page);
  await addCard(page, '4242 4242 4242 4242');
  await addCard(page, '5555 5555 5555 4444');
  await expect(page.getByRole('button', { name: /•••• \d{4}/ })).toHaveCount(2);
  // The persister writes the cache a moment after a change (throttled): what it kept is what shows without signal.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('forecourt-query-cache')?.includes('4444') ?? false))
    .toBe(true);

  await context.setOffline(true);
  // A reload without signal (the shell from the service worker, the list from the persisted cache), then a navigation
  // away and back: the list stays.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment methods', exact: true })).toBeVisible();
  for (const visit of ['reload', 'navigation']) {
    if (visit === 'navigation') {
      await page.goto('/profile');
      await page.goto('/profile/payments');
    }
    await expect(row(page, 'Visa •••• 4242'), visit).toContainText('Preferred');
    await expect(row(page, 'Mastercard •••• 4444'), visit).toBeVisible();
    await expect(page.getByText('This is your list as last loaded.', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add payment method' })).toBeDisabled();
  }
  await expectAccessible(page, 'payment methods offline');
  // A method's sheet says why nothing can be changed, and its actions wait.
  await row(page, 'Mastercard •••• 4444').click();
  const sheet = page.getByRole('dialog', { name: 'Mastercard •••• 4444' });
  await expect(sheet.getByText('You are offline: changes need a connection.')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Set as preferred' })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await expect(sheet.getByRole('link', { name: 'Edit card details' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Add payment method' })).toBeEnabled();
  await expect(page.getByText('This is your list as last loaded.', { exact: false })).toHaveCount(0);
});

test('a failed registration or edit shows its error page; guests are sent to log in', async ({ page }) => {
  await page.goto('/profile/payments');
  await expect(page).toHaveURL(/\/login/);
  await registerByMail(page, uniqueEmail('regerror'), PASSWORD);
  await page.goto('/profile/payments/payment-register?registration=error&type=register&errorDescription=x');
  await expect(page).toHaveURL(/\/error\?type=payment_register/);
  await expect(page.getByRole('heading', { name: 'Payment method not added' })).toBeVisible();
  await page.goto('/profile/payments/payment-register?registration=error&type=edit');
  await expect(page).toHaveURL(/\/error\?type=payment_edit/);
  await expect(page.getByRole('heading', { name: 'Payment method not changed' })).toBeVisible();
});
