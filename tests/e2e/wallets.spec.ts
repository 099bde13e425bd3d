// Device wallets as a driver meets them: a guest at the guest-checkout demo station pays with the sandbox Google Pay
// (our own sheet, a test token, the wallet's email and billing address) and gets the receipt; the wallet's sheet
// closed stays silent on the summary. Where the browser can install the sandbox wallet's payment handler (Chromium
// does, just in time, from /psp/pay), the browser's Payment Request path runs instead: the service worker opens the
// wallet window, whose approval pays the order.
import type { CDPSession, Page } from '@playwright/test';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, devicesOf, expect, test } from './fixtures';
import { expectAccessible, expectHome, registerByMail, uniqueEmail, waitForServiceWorker } from './helpers';

const station = DEMO_STATIONS.prepay;
const [GUEST_PUMP] = devicesOf('wallets', 'prepay');
const [APPLE_PUMP, AMAZON_PUMP, HANDLER_PUMP] = devicesOf('wallets', 'manyPumps');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/**
 * A browser with the Payment Request API but no payment handler for the sandbox method (Safari, Chromium where
 * payment handlers are off): canMakePayment() answers false, so the app draws its own wallet sheet. (Playwright's
 * permission grant already denies 'payment-handler'; this says so where the test depends on it.)
 */
async function withoutPaymentHandler(page: Page) {
  await page.addInitScript(() => {
    PaymentRequest.prototype.canMakePayment = () => Promise.resolve(false);
  });
}

/** The forecourt console on an operator's screen: lift the nozzle, fuel a little, hang up. */
async function fuelAt(browser: Browser, pumpName: string, stationId = station.id) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  try {
    const page = await context.newPage();
    await page.goto(`/forecourt?station=${stationId}`);
    const pump = page.getByRole('article', { name: pumpName, exact: true });
    await expect(pump).toContainText('RELEASED', { timeout: 10_000 });
    await pump.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(pump).toContainText('DISPENSING');
    await page.waitForTimeout(2_000);
    await pump.getByRole('button', { name: 'Hang up' }).click();
  } finally {
    await context.close();
  }
}

test('a guest pays with the sandbox Google Pay at the guest-checkout station, to the receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await withoutPaymentHandler(page);
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expectHome(page);
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: `Pump ${GUEST_PUMP}`, exact: true }).click();
  // The fuel list, not the pump grid still on screen (its first item is pump 1).
  await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await page.getByRole('button', { name: '€30.00' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();

  // A guest: no picker, the register-or-login link, and the wallets this device and the station support (Chromium:
  // Google Pay; Apple Pay lives in Safari).
  await expect(page.getByText('Pay as a guest with your wallet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment method' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay with Apple Pay' })).toHaveCount(0);
  const googlePay = page.getByRole('button', { name: 'Pay with Google Pay' });
  await expect(googlePay).toBeEnabled();
  await expectAccessible(page, 'guest summary');

  // Closing the wallet's sheet is silent: still the summary.
  await googlePay.click();
  const sheet = page.getByRole('dialog', { name: 'Sandbox wallet: Google Pay' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('wallet.tester@example.com');
  await expectAccessible(page, 'sandbox wallet sheet');
  await page.screenshot({ path: '/tmp/wallets-sheet.png' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/pay\/prepay\/summary\?/);

  await googlePay.click();
  await sheet.getByRole('button', { name: 'Pay EUR 30.00' }).click();
  await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
  await expect(page.getByRole('heading', { name: `Pump ${GUEST_PUMP}` })).toBeVisible();
  await fuelAt(browser, `Pump ${GUEST_PUMP}`);
  await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Reserved€30.00');
});

/**
 * The wallet window the service worker opened (a window of the payment handler, not a Playwright page): found and
 * driven through the browser's DevTools protocol. run evaluates an expression in it and returns its value.
 */
async function walletWindow(browser: Browser) {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  let targetId = '';
  await expect
    .poll(
      async () => {
        const { targetInfos } = await cdp.send('Target.getTargets');
        targetId = targetInfos.find((t) => t.type === 'page' && t.url.includes('/psp/pay/wallet'))?.targetId ?? '';
        return targetId;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  let nextId = 1;
  const run = async (expression: string): Promise<unknown> => {
    const id = nextId++;
    const answer = new Promise<unknown>((resolve) => {
      const onMessage = (event: { sessionId?: string; message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: unknown } } };
        if (event.sessionId !== sessionId || message.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(message.result?.result?.value);
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
    });
    return answer;
  };
  return { run, detach: () => cdp.detach() };
}

test.describe('where the browser installs the sandbox payment handler', () => {
  const hamburg = DEMO_STATIONS.manyPumps;
  // Granting permissions denies every other one, the payment handler's too: grant it with the geolocation.
  test.use({
    geolocation: { latitude: hamburg.latitude, longitude: hamburg.longitude },
    permissions: ['geolocation', 'payment-handler'],
  });

  test('a driver pays a prepay order with the sandbox Google Pay through the browser path', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await registerByMail(page, uniqueEmail('payhandler'), 'e2e-Password-9');
    // Pump 11 at Hamburg (the device table): on the grid's second page.
    await page.goto(`/pay?pid=${hamburg.id}`);
    // The sandbox wallet's handler is the app's own service worker (/sw.js, its payment app manifest): it must be
    // active before Pay, as after any first visit. On a loaded 2-core CI machine its install (precaching the app) took
    // 10-12 s, and a Pay pressed meanwhile opened no wallet window (session 26's CI).
    await waitForServiceWorker(page);
    // Nine pumps a page: pump 11 is on the second.
    await page.getByRole('navigation', { name: 'Pump pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: `Pump ${HANDLER_PUMP}`, exact: true }).click();
    // The fuel list, not the pump grid still on screen (its first item is pump 1).
    await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
    await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
    await page.getByRole('button', { name: '€30.00' }).click();
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();

    await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
    // The browser path: the service worker opened the wallet window; our drawn sheet never shows.
    const wallet = await walletWindow(browser);
    try {
      await expect.poll(() => wallet.run("document.getElementById('total')?.textContent")).toBe('EUR 30.00');
      expect(await wallet.run('document.body.innerText')).toContain('wallet.tester@example.com');
      await expect(page.getByRole('dialog', { name: 'Sandbox wallet: Google Pay' })).toHaveCount(0);
      await wallet.run("document.getElementById('approve').click()");
    } finally {
      await wallet.detach();
    }
    await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
    await expect(page.getByRole('heading', { name: `Pump ${HANDLER_PUMP}` })).toBeVisible();
    await fuelAt(browser, `Pump ${HANDLER_PUMP}`, hamburg.id);
    await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 15_000 });
    await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Reserved€30.00');
  });
});

test.describe('on Safari', () => {
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const hamburg = DEMO_STATIONS.manyPumps;
  test.use({
    userAgent: safari,
    geolocation: { latitude: hamburg.latitude, longitude: hamburg.longitude },
  });

  test('sandbox Apple Pay pays; Amazon Pay leaves and returns: cancelled (back on the summary), then paid', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await withoutPaymentHandler(page);
    await registerByMail(page, uniqueEmail('wallets'), 'e2e-Password-9');
    const toSummary = async (pump: string) => {
      await page.goto(`/pay?pid=${hamburg.id}`);
      await page.getByRole('button', { name: `Pump ${pump}`, exact: true }).click();
      // The fuel list, not the pump grid still on screen (its first item is pump 1).
      await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible();
      await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
      await page.getByRole('button', { name: '€30.00' }).click();
      await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    };

    // Apple Pay: offered on Safari (never in Chromium), the sandbox sheet, then the pump.
    await toSummary(APPLE_PUMP);
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    const apple = page.getByRole('dialog', { name: 'Sandbox wallet: Apple Pay' });
    await apple.getByRole('button', { name: 'Pay EUR 30.00' }).click();
    await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
    await expect(page.getByRole('heading', { name: `Pump ${APPLE_PUMP}` })).toBeVisible();

    // Amazon Pay leaves the app; cancelled, it comes back with amazonIsCancel and the flags leave the address.
    await toSummary(AMAZON_PUMP);
    await page.getByRole('button', { name: 'Pay with Amazon Pay' }).click();
    const amazon = page.getByRole('dialog', { name: 'Sandbox wallet: Amazon Pay' });
    await amazon.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/pay\/prepay\/summary\?/);
    await expect(page).not.toHaveURL(/amazonIsCancel/);
    await expect(page.getByRole('button', { name: 'Pay with Amazon Pay' })).toBeEnabled();
    // Paid: back with amazonCheckoutSessionId, authorized once with it, on to the pump.
    await page.getByRole('button', { name: 'Pay with Amazon Pay' }).click();
    await amazon.getByRole('button', { name: 'Pay EUR 30.00' }).click();
    await expect(page).toHaveURL(/\/pay\/prepay\/fueling\?.*orderId=/);
    await expect(page).not.toHaveURL(/amazonCheckoutSessionId/);
    await expect(page.getByRole('heading', { name: `Pump ${AMAZON_PUMP}` })).toBeVisible();
  });
});
