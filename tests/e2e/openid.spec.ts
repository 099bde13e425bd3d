// Sign-in with OpenID Connect through a provider nobody on the team wrote (issue 36): panva's oidc-provider on loopback,
// started beside the e2e server (scripts/e2e-oidc-provider.mjs) and known to it by its issuer alone. The driver goes
// through the provider's own login and consent pages; the code flow with PKCE runs between our server and the provider.
// Screens at 360 px go to /tmp/oidc/ (looked at by hand).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, expectHome, openSettingsFromHome, uniqueEmail } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
const SHOTS = '/tmp/oidc';
const PASSWORD_OF_OWNER = 'oidc-owner-pass-1';
const PASSWORD_NEW = 'oidc-fresh-pass-1';
const PROVIDER = JSON.parse(readFileSync(join(root, '.tmp', 'e2e-oidc.json'), 'utf8')) as {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
};
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** At the provider's own pages: its login form (any login is an account; the login is the subject), then consent. */
async function atProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER.issuer}/`));
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Back in the app: the provider's code, state and issuer never stay in the address bar. */
async function expectCleanAddress(page: Page) {
  await expect(page).not.toHaveURL(/[?&](code|state|iss|error|error_description)=/);
}

/** On this page of the app (its own query, such as ?auth=0 on a first load, may follow), with a clean address bar. */
async function expectPage(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expectCleanAddress(page);
}

test('a first sign-in at the provider registers; the next goes straight in', async ({ page }) => {
  const email = uniqueEmail('oidc-new');
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.label}` }).click();
  await atProvider(page, email);

  // Unknown identity with a verified email (from the provider's userinfo): registration, the email filled in.
  await expect(page).toHaveURL(/\/register\/mail\?email=/);
  await expectCleanAddress(page);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByText('There is no account for this identity yet.')).toBeVisible();
  await expectAccessible(page, 'register/mail after an unknown identity');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD_NEW);
  await page.getByLabel('Confirm password').fill(PASSWORD_NEW);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();

  // The profile lists the sign-in as linked.
  await page.goto('/profile/manage');
  const linked = page.getByRole('region', { name: 'Linked sign-ins' });
  await expect(linked.getByText(`Linked: ${email}`)).toBeVisible();
  await expect(linked.getByRole('button', { name: `Unlink ${PROVIDER.label}` })).toBeVisible();
  await linked.scrollIntoViewIfNeeded();
  await expectAccessible(page, '/profile/manage with a linked sign-in');
  await linked.screenshot({ path: `${SHOTS}/profile-linked-sign-ins.png` });

  // Linked: the next sign-in goes straight in (the provider still knows the driver: no page there either).
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.label}` }).click();
  await expectHome(page);
  await expectCleanAddress(page);
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();
});

test('an identity whose verified email has an account asks for its password once, then links', async ({ page }) => {
  const email = uniqueEmail('oidc-owner');
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD_OF_OWNER, termsAccepted: true },
  });
  expect(res.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.label}` }).click();
  await atProvider(page, email);
  await expectPage(page, '/openid/callback');
  await expect(page.getByRole('heading', { name: 'Link this sign-in to your account' })).toBeVisible();
  await expect(page.getByText(`${email} already has an account.`)).toBeVisible();
  await expectAccessible(page, 'link with the password');
  await shot(page, 'callback-link-password');

  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Username and/or password are wrong');
  await expectAccessible(page, 'link with the password, wrong one');
  await shot(page, 'callback-link-password-wrong');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD_OF_OWNER);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await openSettingsFromHome(page);
  await expect(page.getByText(email)).toBeVisible();

  // Once: the identity is linked now, so the next sign-in asks for nothing.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.label}` }).click();
  await expectHome(page);
});

test('an identity without an email proves one by a mailed code', async ({ page }) => {
  const email = uniqueEmail('oidc-code');
  await page.goto('/register');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.label}` }).click();
  await atProvider(page, `noemail-${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expectCleanAddress(page);
  await expectAccessible(page, 'ask for an email');
  await shot(page, 'callback-ask-email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByText(`We sent a six-digit code to ${email}.`)).toBeVisible();
  await expectAccessible(page, 'ask for the code');
  await shot(page, 'callback-ask-code');

  // The mail, as the driver reads it (the development mailbox, in another tab: this one keeps its sign-in).
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mail');
  const mail = mailbox.getByRole('article').filter({ hasText: email }).first();
  await expect(mail).toContainText('Your Forecourt Pay code');
  const code = /code is: (\d{6})/.exec((await mail.locator('pre').textContent()) ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await mailbox.close();

  await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not right.');
  await shot(page, 'callback-ask-code-wrong');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Proven and without an account: registration with it links the identity.
  await expect(page).toHaveURL(/\/register\/mail\?email=/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('a cancel at the provider says so in words, with a clean address bar', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: `Weiter mit ${PROVIDER.label}` }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await expect(page.getByRole('heading', { name: 'Anmeldung nicht abgeschlossen' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Die Anmeldung wurde abgebrochen. Es wurde nichts geändert.');
    // Nothing of the provider's answer (error=access_denied, state, iss) is left in the address bar.
    await expectPage(page, '/openid/callback');
    expect([...new URL(page.url()).searchParams.keys()].filter((key) => key !== 'auth')).toEqual([]);
    await expectAccessible(page, 'cancelled at the provider (de)');
    await shot(page, 'callback-cancelled-de');
    await page.getByRole('button', { name: 'Zurück zur Anmeldung' }).click();
    await expectPage(page, '/login');
  });
});

test('a start the server refuses is said in words, and leads back', async ({ page }) => {
  // A button the server no longer backs (a provider removed from its configuration since the page loaded).
  await page.goto('/login');
  await page.evaluate(() =>
    sessionStorage.setItem(
      'openid-start',
      JSON.stringify({ provider: { id: 'gone', label: 'Gone ID' }, purpose: 'login' }),
    ),
  );
  await page.goto('/openid/callback');
  await expect(page.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('could not be verified');
  await expectAccessible(page, 'start refused');
  await shot(page, 'callback-start-refused');
  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expectPage(page, '/login');
});

test('"Continue with Demo ID" on a DEMO_MODE server speaks the same code flow, and gives no one else\'s account', async ({
  page,
}) => {
  const email = uniqueEmail('oidc-demo');
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD_OF_OWNER, termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: `Continue with ${PROVIDER.label}` })).toBeVisible();
  await expectAccessible(page, '/register with two providers');
  await shot(page, 'register-providers');
  await page.getByRole('button', { name: 'Continue with Demo ID' }).click();
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  // Anyone may type any email at the demo page: an account's email still needs that account's password (32.1).
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Link this sign-in to your account' })).toBeVisible();
  await expectCleanAddress(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectPage(page, '/login');
  // Nobody was signed in.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a server without DEMO_MODE offers its configured provider, and no Demo ID', async ({ page }) => {
  test.slow();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'oidc-e2e-prod-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: join(root, 'dist'),
    DEMO_MODE: 'false',
    MAIL_TRANSPORT: 'log',
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_NETWORK_SIZE: '0',
    OIDC_ISSUER: PROVIDER.issuer,
    OIDC_CLIENT_ID: PROVIDER.clientId,
    OIDC_CLIENT_SECRET: PROVIDER.clientSecret,
    OIDC_LABEL: PROVIDER.label,
  } as Record<string, string>;
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [...serverNodeArgs(env), join(root, 'dist-server/index.mjs')], {
    env,
    stdio: 'ignore',
  });
  try {
    const base = `http://localhost:${port}`;
    // Node's fetch tries ::1 for localhost first; the server listens on IPv4.
    const direct = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${direct}/api/maintenance.json`).catch(() => null))?.status ?? 0, {
        timeout: 90_000,
        intervals: [500],
      })
      .toBe(200);
    await page.goto(`${base}/register`);
    await expect(page.getByRole('button', { name: `Continue with ${PROVIDER.label}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Demo ID' })).toHaveCount(0);
    expect((await fetch(`${direct}/dev/oidc/.well-known/openid-configuration`)).status).toBe(404);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
