// "Sign in with Amazon" as a driver meets it (shell-and-account.md §2.1 /amazonSSORedirect): the button on /login
// leaves for the sandbox Amazon's sign-in page, the tester names the buyer, and /amazonSSORedirect signs them in —
// a new account for an unknown email; a known one only with that account's password, which links Amazon to it (issue
// 32.1). Cancel and a spent token come back to /login, the second with a translated message.
import { expect, test } from './fixtures';
import { expectAccessible, uniqueEmail } from './helpers';

test('Sign in with Amazon: a new buyer gets an account, cancel and a spent token come back to /login', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('amazon');

  // Cancel on Amazon's page: back on /login with the email typed before.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in with Amazon' }).click();
  await expect(page).toHaveURL(/\/dev\/amazon\/sign-in\?/);
  await expect(page.getByRole('heading', { name: 'Sign in with Amazon' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // A new buyer: an account with Amazon's name and email, signed in, on the way to /pay (no station: the map).
  await page.getByRole('button', { name: 'Sign in with Amazon' }).click();
  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('Email').fill(email);
  await page.screenshot({ path: testInfo.outputPath('amazon-sandbox-360.png'), fullPage: true });
  // The return link as Amazon's page sent the browser to it (the navigation itself): read from the address bar after
  // the page loaded, it was at times already where the app went on to (/pay, /map), and "the same link again" was not.
  const back = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/amazonSSORedirect',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  const returned = new URL((await back).url());
  expect(returned.searchParams.get('buyerToken')).toBeTruthy();
  // Signed in, on the map; the spent token stays behind (it is not carried into the next page's address).
  await expect(page).toHaveURL((url) => url.pathname === '/map' && !url.searchParams.has('buyerToken'));
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
  expect(auth.isGuest).toBe(false);
  const me = await page.request.get(`/api/users/${auth.userId}`, {
    headers: { Authorization: `Bearer ${auth.token}` },
  });
  expect(await me.json()).toMatchObject({ email, firstName: 'Erika', lastName: 'Mustermann' });
  await page.goto('/profile');
  await expect(page.getByText('Erika Mustermann')).toBeVisible();

  // The same return link again (a reload, a shared link): the token is spent, /login says so.
  await page.goto(returned.pathname + returned.search);
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('alert')).toContainText('This Amazon sign-in was used already');
  await expectAccessible(page, 'login after a spent Amazon sign-in');
  await page.screenshot({ path: testInfo.outputPath('amazon-used-360.png'), fullPage: true });
});

test('Sign in with Amazon with an email that has an account: its password links Amazon, a wrong one keeps the form', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('amazon-existing');
  const password = 'e2e-Password-9';
  const made = await page.request.post('/api/auth/register', {
    data: { email, password, termsAccepted: true, firstName: 'Ada' },
  });
  expect(made.status()).toBe(201);
  const { _id: userId } = (await made.json()) as { _id: string };

  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign in with Amazon' }).click();
  await page.getByLabel('Name').fill('Ada Amazon');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Not signed in: the page asks for the account's password.
  await expect(page.getByRole('heading', { name: 'Link Amazon to your account' })).toBeVisible();
  await expect(page.getByText(`${email} already has an account`)).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').userId ?? null)).not.toBe(userId);
  await expectAccessible(page, 'Amazon link screen');
  await page.screenshot({ path: testInfo.outputPath('amazon-link-360.png'), fullPage: true });
  const field = page.getByLabel('Password', { exact: true });
  await field.fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Username and/or password are wrong');
  await expect(field).toHaveValue('Wrong-password-1');
  await field.fill(password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/map(\?|$)/);
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
  expect(auth.userId).toBe(userId);
});
