// The payment methods of a registered driver: a card added on the sandbox provider's own page and back, set as
// preferred, edited, removed with a confirmation, the preferred one refused, and the limit of 10.
import { expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, uniqueEmail } from './helpers';

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

async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add payment method' }).click();
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
  // Checked with the whole list in view: at 740 px the fourth "other way to pay" sits behind the sticky action bar but
  // for a 4 px strip below the viewport's edge, which axe's target-size rule counts as a visible 4 px target.
  await page.setViewportSize({ width: 360, height: 1200 });
  await expectAccessible(page, 'payment methods, empty');
  await page.setViewportSize({ width: 360, height: 740 });

  // A wrong number stays on the provider page with its message; the app has not been told anything.
  await page.getByRole('button', { name: 'Add payment method' }).click();
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
  await page.getByRole('button', { name: 'Add payment method' }).click();
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
