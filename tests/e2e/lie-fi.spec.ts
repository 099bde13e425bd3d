// Lie-fi (issue 33.5): the pay flows with a network that lies — a seeded share of the app's API requests fails
// (before the server saw it, or after the server answered, so the answer is lost) and many of the rest arrive 1-4 s
// late; prepay fuel also loses the signal for a while during fuelling. Each flow must still end on its receipt, the
// provider's ledger must show one hold and exactly one capture per order (no payment taken twice), and no busy state
// may last 30 s. Seeds: LIE_FI_SEEDS (comma-separated), by default three; a failure names its seed to replay it.
// The service worker is blocked: Playwright's routes do not see requests a service worker makes (its offline pages
// are offline.spec's); the app itself keeps its outbox and its kept data without it.
// mulberry32, the seeded generator the demo network is built with: the same sequence for a seed on every run.
import { random } from '../../server/seed/network';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { type Browser, devicesOf, expect, type Page, STATIONS, test } from './fixtures';
import { addCardOnProviderPage, keepSession, uniqueEmail } from './helpers';

const SEEDS = (process.env.LIE_FI_SEEDS ?? '7,1009,4242').split(',').map(Number);
const prepayStation = STATIONS.lieFiPrepay;
const [prepayPump] = devicesOf('lie-fi', 'lieFiPrepay');
const postpayStation = DEMO_STATIONS.postpay;
const [postpayPump] = devicesOf('lie-fi', 'postpay');
const washStation = DEMO_STATIONS.washOnly;

test.use({
  serviceWorkers: 'block',
  permissions: ['geolocation'],
  geolocation: { latitude: prepayStation.latitude, longitude: prepayStation.longitude },
});

/** At the station (the geofence lets the driver on within 100 m), then its pay page. */
async function arriveAt(page: Page, station: { id: string; latitude: number; longitude: number }) {
  await page.context().setGeolocation({ latitude: station.latitude, longitude: station.longitude });
  await page.goto(`/pay?pid=${station.id}`);
}
test.describe.configure({ mode: 'serial' });

type Lies = { lost: number; lostAnswers: number; late: number; through: number };

/**
 * Every API request of the page: 15 % fail before the server sees them, 15 % after it answered (for a write: done,
 * but the app does not know), 40 % arrive 1-4 s late, the rest go through. The event stream is left alone (its
 * reconnects are events.spec's); its loss would only slow the flows down.
 */
async function lie(page: Page, seed: number): Promise<Lies> {
  const next = random(seed);
  const lies: Lies = { lost: 0, lostAnswers: 0, late: 0, through: 0 };
  await page.route(/\/api\/(?!.*\/events)/, async (route) => {
    const r = next();
    if (r < 0.15) {
      lies.lost += 1;
      await route.abort('failed');
    } else if (r < 0.3) {
      lies.lostAnswers += 1;
      await route.fetch().catch(() => undefined);
      await route.abort('failed');
    } else if (r < 0.7) {
      lies.late += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 + next() * 3000));
      await route.continue().catch(() => undefined);
    } else {
      lies.through += 1;
      await route.continue().catch(() => undefined);
    }
  });
  return lies;
}

/**
 * Watches the page for a busy state (aria-busy, a progress bar or a disabled button with "…") that lasts: returns the
 * longest seen, in ms, when asked.
 */
async function watchBusy(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __busySince: number | null; __busyLongest: number };
    w.__busySince = null;
    w.__busyLongest = 0;
    setInterval(() => {
      const busy = document.querySelector(
        'main [aria-busy="true"], main [role="progressbar"]:not([aria-valuenow]), main button[disabled][aria-busy="true"]',
      );
      const now = Date.now();
      if (busy) {
        w.__busySince ??= now;
        w.__busyLongest = Math.max(w.__busyLongest, now - w.__busySince);
      } else w.__busySince = null;
    }, 250);
  });
  return () => page.evaluate(() => (window as unknown as { __busyLongest: number }).__busyLongest);
}

/** The order's ledger as the server keeps it, read outside the lying network. */
async function ledgerOf(page: Page, token: string, orderId: string): Promise<string[]> {
  const res = await page.request.get(`/api/v4/order/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const order = (await res.json()) as { payment?: { ledger: { kind: string }[] } };
  return (order.payment?.ledger ?? []).map((l) => l.kind);
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('orderId') ?? '';

/** The forecourt console in its own context (the station keeps its signal): lift, let fuel flow, hang up. */
async function fuel(browser: Browser, stationId: string, pump: string, during?: () => Promise<void>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/forecourt?station=${stationId}`);
    const device = page.getByRole('article', { name: `Pump ${pump}`, exact: true });
    await expect(device).toContainText('RELEASED', { timeout: 60_000 });
    await device.getByRole('button', { name: 'Lift nozzle' }).click();
    await expect(device).toContainText('DISPENSING');
    await expect(device).toContainText(/\b(?!0\.00 l)\d+\.\d{2} l/);
    await during?.();
    await device.getByRole('button', { name: 'Hang up' }).click();
  } finally {
    await context.close();
  }
}

/**
 * An account may ask for the odometer first, when the app knows its features: with their answer lost the app may
 * go on without the screen and show it once they arrive (noted in the issue). Either way the driver ends on `next`.
 */
async function skipOdometer(page: Page, next: RegExp) {
  const skip = page.getByRole('button', { name: "Skip, I don't want to give it" });
  await expect(async () => {
    if (await skip.isVisible()) await skip.click();
    expect(page.url()).toMatch(next);
  }).toPass({ timeout: 90_000, intervals: [500] });
}

/**
 * A tap that may meet a screen still loading under lie-fi: waits for the button, then taps it. The odometer screen
 * may come in between (see skipOdometer): it is skipped.
 */
async function tap(page: Page, name: string | RegExp, timeout = 60_000) {
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  const skip = page.getByRole('button', { name: "Skip, I don't want to give it" });
  await expect(async () => {
    if (await skip.isVisible()) await skip.click();
    await expect(button).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout, intervals: [500] });
  await button.click();
}

/**
 * Pay as a driver does on a bad line: tap the pay button; when the answer was lost, the summary says so and keeps
 * the same attempt (same idempotency keys), and the driver taps again — until the app moves on to `next`.
 */
async function pay(page: Page, name: string | RegExp, next: RegExp, timeout = 120_000) {
  await tap(page, name, 90_000);
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  const noAnswer = page.getByRole('main').getByRole('alert');
  await expect(async () => {
    if (!next.test(page.url()) && (await noAnswer.isVisible()) && (await button.isEnabled())) await button.click();
    expect(page.url()).toMatch(next);
  }).toPass({ timeout, intervals: [2_000] });
}

/**
 * A driver of its own, with a card added on the provider's page (on a good line: the lies start after it). Not the
 * shared demo driver: its orders stay running for minutes here, and the other specs' pages would show them in the
 * running-order banner (it took the history spec's axe check down once).
 */
async function newDriverWithCard(page: Page, seed: number): Promise<string> {
  const registered = await page.request.post('/api/auth/register', {
    data: { email: uniqueEmail(`lie-fi-${seed}`), password: 'e2e-Password-9', termsAccepted: true, firstName: 'Ada' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const reply = (await registered.json()) as { auth_token: string; _id: string };
  await keepSession(page, reply);
  await addCardOnProviderPage(page);
  return reply.auth_token;
}

for (const seed of SEEDS) {
  test(`lie-fi, seed ${seed}: prepay (with an offline spell while fuelling), postpay and a wash each end on their receipt, paid once`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const token = await newDriverWithCard(page, seed);
    const busiest = await watchBusy(page);
    const lies = await lie(page, seed);

    // Prepay: pump, fuel, 30.00, pay; the signal goes for 8 s while fuel flows; the receipt.
    await arriveAt(page, prepayStation);
    // This station explains prepay once ("Pay before you fuel"): understood.
    const pump = page.getByRole('button', { name: `Pump ${prepayPump}`, exact: true });
    const understood = page.getByRole('button', { name: 'Understood' });
    await expect(pump.or(understood)).toBeVisible({ timeout: 60_000 });
    if (await understood.isVisible()) await understood.click();
    await tap(page, `Pump ${prepayPump}`);
    await expect(page.getByRole('heading', { name: 'Which fuel?' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
    await tap(page, '€30.00');
    await skipOdometer(page, /\/pay\/prepay\/summary\?/);
    await pay(page, 'Pay €30.00', /\/pay\/prepay\/fueling\?/);
    const prepayId = orderIdOf(page);
    await fuel(browser, prepayStation.id, prepayPump, async () => {
      await page.context().setOffline(true);
      await page.waitForTimeout(8_000);
      await page.context().setOffline(false);
    });
    await expect(page).toHaveURL(/\/pay\/finish\?/, { timeout: 90_000 });
    await expect(page.getByRole('article', { name: 'Receipt' })).toBeVisible({ timeout: 60_000 });

    // Postpay: pump, fuel, the summary with what was dispensed, pay, the receipt.
    await arriveAt(page, postpayStation);
    await tap(page, `Pump ${postpayPump}`);
    await skipOdometer(page, /\/pay\/postpay\/fueling\?.*orderId=/);
    await expect(page).toHaveURL(/\/pay\/postpay\/fueling\?.*orderId=/, { timeout: 90_000 });
    const postpayId = orderIdOf(page);
    await fuel(browser, postpayStation.id, postpayPump);
    await pay(page, /^Pay €\d+\.\d\d$/, /\/pay\/finish\?/);
    await expect(page.getByRole('article', { name: 'Receipt' })).toBeVisible({ timeout: 60_000 });

    // A wash: a package, pay, the code.
    await arriveAt(page, washStation);
    await tap(page, 'Car wash');
    await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 60_000 });
    await page.getByText('Basic', { exact: true }).click();
    // Continue creates the wash order: a lost answer keeps the page with its message, and the driver taps again.
    await pay(page, 'Continue with Basic', /\/pay\/postpay\/wash\/summary\?/);
    await pay(page, /^Pay €\d+\.\d\d$/, /\/pay\/wash\/finish\?/);
    const washId = orderIdOf(page);
    await expect(page.getByRole('article', { name: /^Wash code \d{8}$/ })).toBeVisible({ timeout: 60_000 });

    // The network did lie (else the test proves nothing), and every order was paid exactly once.
    expect(lies.lost + lies.lostAnswers, `seed ${seed}: ${JSON.stringify(lies)}`).toBeGreaterThan(3);
    for (const id of [prepayId, postpayId, washId]) {
      const kinds = await ledgerOf(page, token, id);
      expect(
        kinds.filter((k) => k === 'HOLD'),
        `seed ${seed}, order ${id}: ${kinds}`,
      ).toHaveLength(1);
      expect(
        kinds.filter((k) => k === 'CAPTURE'),
        `seed ${seed}, order ${id}: ${kinds}`,
      ).toHaveLength(1);
    }
    expect(await busiest(), `seed ${seed}: the longest busy state (ms)`).toBeLessThan(30_000);
  });
}
