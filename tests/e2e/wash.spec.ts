// The car wash as a driver does it (pay-flows.md §4 Wash flow): choose a package at a wash-only station, pay, get a
// code with its QR; then, without signal, the finish page opens again from the phone and its QR reads back as the code.
import jsQR from 'jsqr';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { devicesOf, expect, type Page, STATIONS, test } from './fixtures';
import { expectAccessible, signInAsDemoDriver, waitForServiceWorker } from './helpers';

const station = DEMO_STATIONS.washOnly;
/** The bays put out of order: another station's (buying a wash at Frankfurt goes on in other spec files meanwhile). */
const faultStation = STATIONS.washFault;
const BAYS = devicesOf('wash', 'washFault');
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

/** The QR canvas of a code, scaled up without smoothing, decoded with jsQR outside the page. */
async function decodeQr(page: Page, name: RegExp): Promise<string | null> {
  const canvas = page.getByRole('img', { name });
  await expect(canvas).toHaveAttribute('data-qr-payload', /.+/);
  const image = await canvas.evaluate((el: HTMLCanvasElement) => {
    const scale = 8;
    const big = document.createElement('canvas');
    big.width = el.width * scale;
    big.height = el.height * scale;
    const g = big.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.imageSmoothingEnabled = false;
    g.drawImage(el, 0, 0, big.width, big.height);
    const data = g.getImageData(0, 0, big.width, big.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

test('wash: cheapest-first packages, pay, the code with its QR; offline the finish page still shows it', async ({
  page,
}) => {
  // Pay, then the service worker and an offline reload: longer than the default on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signInAsDemoDriver(page, `/pay?pid=${station.id}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Car wash' }).click();

  await expect(page).toHaveURL(/\/pay\/postpay\/wash\?/);
  await expect(page.getByRole('heading', { name: 'Choose your car wash' })).toBeVisible();
  const options = page.getByRole('radio');
  await expect(options).toHaveCount(3);
  // Cheapest first, each with its price and description bullets.
  const labels = await page.locator('.ui-radio-option').allInnerTexts();
  expect(labels.map((l) => l.split('\n')[0])).toEqual(['Basic', 'Comfort', 'Premium']);
  await expect(page.locator('.ui-radio-option').nth(1)).toContainText('Hot wax');
  await expect(page.locator('.ui-radio-option').nth(1)).toContainText('€14.00');
  await expect(page.getByRole('button', { name: 'Choose your car wash' })).toBeDisabled();
  await expectAccessible(page, 'wash packages');
  await page.getByText('Comfort', { exact: true }).click();
  // The summary asks the voucher preview for this order (the demo driver's voucher cards are off: no discount).
  const preview = page.waitForResponse((r) => r.url().endsWith('/v4/vouchers/discount-preview'));
  await page.getByRole('button', { name: 'Continue with Comfort' }).click();
  expect((await preview).status()).toBe(200);

  await expect(page).toHaveURL(/\/pay\/postpay\/wash\/summary\?/);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Comfort' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay €14.00' })).toBeEnabled();
  await expectAccessible(page, 'wash summary');
  await page.getByRole('button', { name: 'Pay €14.00' }).click();

  await expect(page).toHaveURL(/\/pay\/wash\/finish\?/);
  await expect(page.getByRole('heading', { name: 'Your car wash is paid' })).toBeVisible();
  const card = page.getByRole('article', { name: /^Wash code \d{8}$/ });
  await expect(card).toBeVisible();
  const code = (await card.getAttribute('aria-label'))?.replace('Wash code ', '') ?? '';
  expect(code).toMatch(/^\d{8}$/);
  await expect(card).toContainText(/Valid until/);
  await expect(page.getByRole('definition').filter({ hasText: '€14.00' })).toBeVisible();
  await expectAccessible(page, 'wash finish');
  expect(await decodeQr(page, /^Wash code \d{8}$/)).toBe(code);

  // The big view for the scanner, with the brightness hint.
  await card.getByRole('button', { name: 'Show QR code' }).click();
  const big = page.getByRole('dialog', { name: 'Scan at the car wash' });
  await expect(big).toBeVisible();
  await expect(big).toContainText('Turn your screen brightness up');
  await expectAccessible(page, 'big QR');
  await big.getByRole('button', { name: 'Close' }).click();
  await expect(big).toBeHidden();

  // Without signal: the page opens again from the phone, code and QR readable.
  await page.waitForTimeout(1_000);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('article', { name: `Wash code ${code}` })).toBeVisible();
  await expect(page.getByText(code.replace(/(\d{4})(\d{4})/, '$1 $2'), { exact: true })).toBeVisible();
  expect(await decodeQr(page, /^Wash code \d{8}$/)).toBe(code);
  await page.context().setOffline(false);
});

test('a station whose wash is out of order says so instead of listing packages', async ({ page, context }) => {
  await signInAsDemoDriver(page);
  // Both bays out of order at the forecourt console, on the phone-sized screen of the test (the bays are the lowest
  // cards, below Liège's four pumps).
  const forecourt = await context.newPage();
  await forecourt.goto(`/forecourt?station=${faultStation.id}`);
  for (const bay of BAYS) {
    const article = forecourt.getByRole('article', { name: bay, exact: true });
    await article.getByRole('button', { name: 'Fault' }).click();
    await expect(article).toContainText('FAULT');
  }
  try {
    await page.bringToFront();
    await page.goto(`/pay/postpay/wash?pid=${faultStation.id}`);
    await expect(page.getByRole('heading', { name: 'No car wash available' })).toBeVisible();
    await expectAccessible(page, 'no wash');
  } finally {
    for (const bay of BAYS) {
      await forecourt
        .getByRole('article', { name: bay, exact: true })
        .getByRole('button', { name: 'Clear fault' })
        .click();
    }
    await forecourt.close();
  }
});
