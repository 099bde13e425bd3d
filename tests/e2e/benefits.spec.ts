// The account's extras as a driver uses them (shell-and-account.md §2.4): a wash bought in the app kept under Wash
// tickets, opened and marked used without signal (the mark sent once the signal returns); a tutorial read, completed
// and read again offline; the lottery joined only with consent. Screens at 360 px go to the test's output folder.
import jsQR from 'jsqr';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, type Page, test } from './fixtures';
import { expectAccessible, signInAsDemoDriver, waitForServiceWorker } from './helpers';

const station = DEMO_STATIONS.washOnly;
test.use({ geolocation: { latitude: station.latitude, longitude: station.longitude }, permissions: ['geolocation'] });

async function decodeQr(page: Page, name: RegExp): Promise<string | null> {
  const canvas = page.getByRole('img', { name }).first();
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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('wash tickets offline, a tutorial completed, the lottery joined with consent', async ({ page }) => {
  // A paid wash, two offline reloads and three areas: longer than the default on a loaded 2-core machine.
  test.setTimeout(180_000);
  await signInAsDemoDriver(page, '/settings');
  await waitForServiceWorker(page);

  // A wash bought through the app's own flow.
  await page.goto(`/pay?pid=${station.id}`);
  await page.getByRole('button', { name: 'Car wash' }).click();
  await page.getByText('Basic', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue with Basic' }).click();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(/\/pay\/wash\/finish\?/);
  const card = page.getByRole('article', { name: /^Wash code \d{8}$/ });
  await expect(card).toBeVisible();
  const code = (await card.getAttribute('aria-label'))?.replace('Wash code ', '') ?? '';
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const grouped = code.replace(/(\d{4})(\d{4})/, '$1 $2');

  // The profile hub leads to the tickets; the new code is ready to use.
  await page.goto('/profile');
  await page.getByRole('link', { name: /Wash tickets/ }).click();
  await expect(page).toHaveURL(/\/profile\/wash(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Wash tickets', level: 1 })).toBeVisible();
  const ready = page.getByRole('list', { name: 'Ready to use' });
  await expect(ready.getByRole('link', { name: new RegExp(grouped) })).toBeVisible();
  await expect(ready.getByRole('link', { name: new RegExp(grouped) })).toContainText('Valid until');
  await expectAccessible(page, 'wash tickets');
  await shot(page, 'wash-list');

  // No signal: the list and the ticket open from the phone, the QR reads back as the code.
  await page.waitForTimeout(500);
  await page.context().setOffline(true);
  await page.reload();
  await ready.getByRole('link', { name: new RegExp(grouped) }).click();
  await expect(page).toHaveURL(/\/profile\/wash\/[^/?]+(\?|$)/);
  await expect(page.getByRole('article', { name: `Wash code ${code}` })).toBeVisible();
  await expect(page.getByText(grouped, { exact: true })).toBeVisible();
  expect(await decodeQr(page, new RegExp(`^Wash code ${code}$`))).toBe(code);
  await expect(page.getByRole('definition').filter({ hasText: '€' })).toBeVisible();
  await shot(page, 'wash-detail');

  // Marked used without signal: shown at once, and waiting to be sent.
  await page.getByRole('button', { name: 'Mark as used' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark this code as used?' });
  await expectAccessible(page, 'mark used dialog');
  await confirm.getByRole('button', { name: 'Mark as used' }).click();
  await expect(page.getByText('Marked as used on this phone; it is sent when you are online again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as used' })).toBeHidden();
  await expect(page.getByRole('article', { name: `Wash code ${code}` })).toContainText('Used');
  await expect(page.getByRole('term').filter({ hasText: 'Used on' })).toBeVisible();
  await shot(page, 'wash-detail-used');

  // The signal returns: the mark goes out, and the server has the code as redeemed.
  await page.context().setOffline(false);
  await expect(page.getByText('Marked as used on this phone; it is sent when you are online again.')).toBeHidden();
  const redeemed = await page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
    const res = await fetch(`/api/v4/order/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    const order = await res.json();
    return order.products[0].redemptionCodes.map((c: { isRedeemed: boolean }) => c.isRedeemed);
  }, orderId);
  expect(redeemed).toEqual([true]);
  await page.goto('/profile/wash');
  await expect(
    page.getByRole('list', { name: 'Used and expired' }).getByRole('link', { name: new RegExp(grouped) }),
  ).toContainText('Used on');
  await shot(page, 'wash-list-used');

  // Tutorials: from the profile, a topic read and completed.
  await page.goto('/profile');
  await page.getByRole('link', { name: /Tutorials/ }).click();
  await expect(page).toHaveURL(/\/tutorials(\?|$)/);
  await expect(page.getByRole('link')).toContainText([
    'Pay before you fuel',
    'Fuel first, pay at the pump',
    'Car wash with a wash code',
    'Charging your electric car',
    'Payment methods',
    'Vouchers and discounts',
  ]);
  await expectAccessible(page, 'tutorials');
  await shot(page, 'tutorials');
  await page.getByRole('link', { name: /Car wash with a wash code/ }).click();
  await expect(page.getByRole('heading', { name: 'Buying and using a wash code', level: 1 })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Choose a programme' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Start the wash' })).toBeVisible();
  await expectAccessible(page, 'tutorial');
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText(/You completed this tutorial on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeHidden();
  await shot(page, 'tutorial');
  // Read again without signal.
  await page.waitForTimeout(1_000);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Start the wash' })).toBeVisible();
  await page.context().setOffline(false);
  await page.goto('/tutorials');
  await expect(page.getByRole('link', { name: /Car wash with a wash code/ })).toContainText('Completed');
  // The vouchers topic: its four steps, in order, not completed yet.
  await expect(page.getByRole('link', { name: /Vouchers and discounts/ })).not.toContainText('Completed');
  await page.getByRole('link', { name: /Vouchers and discounts/ }).click();
  await expect(page.getByRole('heading', { name: 'Saving with vouchers', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toContainText([
    'Add a code',
    'Switch a voucher on or off',
    'See the discount before you pay',
    'Check your receipt',
  ]);
  await expect(page.getByText(/for example WELCOME10/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();

  // The lottery: joining needs consent.
  await page.goto('/profile');
  await page.getByRole('link', { name: /Benefits/ }).click();
  await expect(page).toHaveURL(/\/profile\/benefits(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Monthly fuel lottery' })).toBeVisible();
  await expect(page.getByText('500 € of free fuel, plus 10 car washes')).toBeVisible();
  await page.getByRole('button', { name: 'Join the lottery' }).click();
  await expect(page.getByText('Please agree to the lottery’s terms to join.')).toBeVisible();
  await expectAccessible(page, 'lottery consent error');
  await shot(page, 'lottery-consent');
  await page.getByLabel(/I agree that my fuellings this month take part in the draw/).check();
  await page.getByRole('button', { name: 'Join the lottery' }).click();
  await expect(page.getByText('You are in the draw. Good luck!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the lottery' })).toBeHidden();
  await page.reload();
  await expect(page.getByText('You are in the draw. Good luck!')).toBeVisible();
  await shot(page, 'lottery-joined');
});
