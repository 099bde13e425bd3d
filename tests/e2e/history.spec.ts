// The logbook as a driver uses it (shell-and-account.md §2.4, issue 14): a paid order in the history once with its
// receipt fields and invoice PDF, a recurring cost made without signal and sent once, delete "this and following",
// images (6 MB refused), merge and unmerge, statistics per period. axe on every screen reached.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIResponse } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { pdfText } from '../support/pdf-text';
import { devicesOf, expect, type Page, test } from './fixtures';
import { expectAccessible, registerByMail, signInAsDemoDriver, uniqueEmail, waitForServiceWorker } from './helpers';

const station = DEMO_STATIONS.manyPumps;
const [PUMP] = devicesOf('history', 'manyPumps');

/** The signed-in driver's history through the API (what the server holds), for counting. */
async function serverHistory(page: Page, query: string) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token,
  );
  const res = await page.request.get(`/api/v4/account-history?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    total: number;
    events: Array<{ _id: string; type: string; sampleTime: string; payment?: { orderId: string } | null }>;
  };
}

async function pick(page: Page, field: RegExp | string, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('dialog').getByText(option, { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * A prepay order on a pump of the Hamburg demo station, paid and fuelled through the HTTP API and the forecourt console's API
 * (the same calls the app and the console page make; prepay.spec.ts walks those screens): the history's own part
 * starts from a paid order.
 */
async function paidPrepayOrder(page: Page, session: { token: string; userId: string }): Promise<string> {
  const auth = { Authorization: `Bearer ${session.token}` };
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const poi = await ok(await page.request.get(`/api/v4/pois/${station.id}`));
  const pump = (
    poi.products as Array<{ _id: string; name: string; attributes: { availableItems: Array<{ itemCode: string }> } }>
  ).find((p) => p.name === PUMP)!;
  const me = await ok(await page.request.get(`/api/users/${session.userId}`, { headers: auth }));
  const cards = (await ok(
    await page.request.get(`/api/v4/payment-methods/?customerId=${session.userId}&state=ACTIVE`, { headers: auth }),
  )) as Array<{ id: string; isPreferred: boolean }>;
  const order = await ok(
    await page.request.post('/api/v4/order', {
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      data: {
        poiId: station.id,
        thingId: me.thingId,
        autoAcquire: true,
        products: [{ productId: pump._id, fuelTypeId: pump.attributes.availableItems[0]!.itemCode }],
      },
    }),
  );
  await ok(
    await page.request.post(`/api/v4/order/${order._id}/authorize`, {
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      data: {
        authorizePrice: { amount: 3000, currency: 'EUR', precision: 2 },
        paymentMethodId: cards.find((c) => c.isPreferred)!.id,
      },
    }),
  );
  const device = async () =>
    (
      (await ok(await page.request.get(`/forecourt/api/stations/${station.id}`))).devices as Array<{
        productId: string;
        state: string;
        quantity: number;
      }>
    ).find((d) => d.productId === pump._id)!;
  const act = async (action: string) =>
    ok(await page.request.post(`/forecourt/api/stations/${station.id}/devices/${pump._id}/${action}`, { data: {} }));
  await expect.poll(async () => (await device()).state, { timeout: 10_000 }).toBe('RELEASED');
  await act('lift');
  // Fuel has flowed: the order has an amount to invoice.
  await expect.poll(async () => (await device()).quantity, { timeout: 10_000 }).toBeGreaterThan(0);
  await act('hang-up');
  return order._id as string;
}

test('a paid prepay order is in the history once, with its receipt fields and its invoice PDF', async ({ page }) => {
  const session = await signInAsDemoDriver(page);
  const orderId = await paidPrepayOrder(page, session);
  // The order completes a few seconds after the receipt (ready for invoice, invoice issued).
  await expect
    .poll(
      async () =>
        (await serverHistory(page, 'types=PAYMENT&limit=100')).events.filter((e) => e.payment?.orderId === orderId)
          .length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  const event = (await serverHistory(page, 'types=PAYMENT&limit=100')).events.find(
    (e) => e.payment?.orderId === orderId,
  )!;

  await page.goto('/history?type=PAYMENT');
  await expect(page.getByRole('link', { name: /Nordwind/ }).first()).toBeVisible();
  await expectAccessible(page, 'history filtered by payments');
  await page.goto(`/history/${event._id}`);
  const fields = page.locator('dl.history-fields');
  await expect(fields).toContainText(`Pump${PUMP}`);
  await expect(fields).toContainText('Paid withVISA •••• 4242');
  await expect(fields).toContainText(`Order${orderId}`);
  await expect(fields).toContainText(/Quantity\d+(\.\d+)? l/);
  await expect(fields).toContainText(/Unit price€\d\.\d{3}/);
  await expectAccessible(page, 'payment detail');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice (PDF)' }).click();
  const text = pdfText(readFileSync((await (await download).path()) as string));
  for (const expected of ['Invoice', 'Nordwind', 'VISA •••• 4242', orderId, 'VAT 19 %', `Pump ${PUMP}`])
    expect(text).toContain(expected);
});

test('a monthly cost made without signal waits on the phone and is sent once when the signal returns', async ({
  page,
  context,
}) => {
  await registerByMail(page, uniqueEmail('history-offline'), 'correct-horse-9');
  await waitForServiceWorker(page);
  await page.goto('/history');
  await expect(page.getByText('No entries yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add cost' }).click();
  await expect(page.getByRole('heading', { name: 'Add a cost' })).toBeVisible();
  await expectAccessible(page, 'cost form');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save cost' }).click();
  await expect(page.getByText('The Category field is required')).toBeVisible();
  await expect(page.getByText('The Price field is required')).toBeVisible();
  await expectAccessible(page, 'cost form with errors');
  await pick(page, /^Category/, 'Insurance');
  await page.getByLabel('Price').fill('89.50');
  await pick(page, /^Repeats/, 'Monthly');
  await page.getByLabel('Name', { exact: true }).fill('Car insurance');
  await page.getByRole('button', { name: 'Save cost' }).click();
  await expect(page.getByText('Saved on this phone. It is sent when you are online.')).toBeVisible();
  await expect(page).toHaveURL(/\/history(\?|$)/);
  const row = page.getByRole('link', { name: /Car insurance/ });
  await expect(row).toContainText('Waiting for signal');
  await expect(row).toContainText('€89.50');
  await expectAccessible(page, 'history offline with a waiting cost');

  await context.setOffline(false);
  await expect(row).not.toContainText('Waiting for signal', { timeout: 15_000 });
  const held = await serverHistory(page, 'types=COST');
  expect(held.total).toBe(1);
  await page.reload();
  await expect(page.getByRole('link', { name: /Car insurance/ })).toHaveCount(1);
});

test('delete "this and following" of a recurring cost leaves the earlier months', async ({ page }) => {
  await registerByMail(page, uniqueEmail('history-reach'), 'correct-horse-9');
  const start = new Date();
  start.setDate(Math.min(start.getDate(), 28));
  start.setMonth(start.getMonth() - 4);
  await page.goto('/history/create');
  await pick(page, /^Category/, 'Parking');
  await page.getByLabel('Price').fill('299');
  await page.getByLabel('Date').fill(isoDay(start));
  await pick(page, /^Repeats/, 'Monthly');
  await page.getByLabel('Name', { exact: true }).fill('Leasing rate');
  await page.getByRole('button', { name: 'Save cost' }).click();
  await expect(page.getByText('Cost saved')).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('link', { name: /Leasing rate/ })).toHaveCount(5);
  // The third of five (two months ago): it and the two after it go.
  await page
    .getByRole('link', { name: /Leasing rate/ })
    .nth(2)
    .click();
  await expect(page.getByText('RepeatsMonthly')).toBeVisible();
  await expectAccessible(page, 'cost detail');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete a recurring cost' })).toBeVisible();
  await expectAccessible(page, 'delete reach sheet');
  await page.getByText('This and following').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/history(\?|$)/);
  await expect(page.getByRole('link', { name: /Leasing rate/ })).toHaveCount(2);
  expect((await serverHistory(page, 'types=COST')).total).toBe(2);
});

test('an image of 6 MB or more is refused; a smaller one is attached and shown', async ({ page }) => {
  await registerByMail(page, uniqueEmail('history-image'), 'correct-horse-9');
  await page.goto('/history/create');
  await pick(page, /^Category/, 'Repair');
  await page.getByLabel('Price').fill('120');
  await page.getByRole('button', { name: 'Save cost' }).click();
  await expect(page.getByRole('heading', { name: 'Repair' })).toBeVisible();
  const big = Buffer.alloc(6 * 1024 * 1024 + 10);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  await page.getByLabel('Attach an image').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(page.getByRole('alert')).toContainText('Images must be under 6 MB');
  await expectAccessible(page, 'image refused');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
    'base64',
  );
  await page.getByLabel('Attach an image').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expectAccessible(page, 'cost with an image');
});

test('two trips merged into one, then unmerged again', async ({ page }) => {
  await signInAsDemoDriver(page, '/history?type=TRIP');
  await expectAccessible(page, 'history filtered by trips');
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filter the history' })).toBeVisible();
  await expectAccessible(page, 'filter sheet');
  await page.getByRole('dialog').getByRole('button', { name: 'Show results' }).click();
  const before = await serverHistory(page, 'types=TRIP&limit=100');
  await page
    .getByRole('link', { name: /Trip to/ })
    .nth(1)
    .click();
  await page.getByRole('link', { name: 'Merge with other trips' }).click();
  await expect(page.getByRole('heading', { name: 'Merge trips' })).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  await expectAccessible(page, 'merge picker');
  const checked = await boxes.evaluateAll((els) => els.findIndex((e) => (e as HTMLInputElement).checked));
  await boxes.nth(checked + 1).check();
  await page.getByRole('button', { name: 'Merge 2 trips' }).click();
  await expect(page.getByText('Merged trip')).toBeVisible();
  await expect(page.locator('dl.history-fields')).toContainText('Merged from2 trips');
  await expectAccessible(page, 'merged trip');
  expect((await serverHistory(page, 'types=TRIP&limit=100')).total).toBe(before.total - 1);
  await page.getByRole('button', { name: 'Unmerge' }).click();
  await expect(page).toHaveURL(/\/history\?type=TRIP/);
  const after = await serverHistory(page, 'types=TRIP&limit=100');
  expect(after.events.map((e) => e._id)).toEqual(before.events.map((e) => e._id));
});

test('statistics for 1 month, 6 months and 1 year', async ({ page }) => {
  await signInAsDemoDriver(page, '/history');
  await page.getByRole('link', { name: 'Statistics' }).click();
  for (const [period, months] of [
    ['1 month', 2],
    ['6 months', 7],
    ['1 year', 13],
  ] as const) {
    await page.getByRole('link', { name: period }).click();
    await expect(page.getByRole('link', { name: period })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.history-table tbody tr')).toHaveCount(months);
    await expect(page.getByText('Total spent').locator('xpath=..')).toContainText(/€\d/);
    await expect(page.getByText('Cost per 100 km', { exact: true }).locator('xpath=..')).toContainText(/€\d/);
    await expectAccessible(page, `statistics ${period}`);
  }
  await expect(page.getByRole('heading', { name: 'Spend by category' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Insurance' })).toContainText('€');
});

test('the history error page offers to try again', async ({ page }) => {
  await signInAsDemoDriver(page, '/history/error');
  await expect(page.getByRole('heading', { name: 'The history could not be loaded' })).toBeVisible();
  await expectAccessible(page, 'history error');
});

test('the filtered history exported as CSV in English and in German, read back', async ({ page }) => {
  await signInAsDemoDriver(page);
  const costs = await serverHistory(page, 'types=COST&limit=1');
  const exportCsv = async (button: string) => {
    const download = page.waitForEvent('download');
    // Exact: "Export as Spritmonitor CSV" ("Als Spritmonitor-CSV exportieren") stands beside it.
    await page.getByRole('button', { name: button, exact: true }).click();
    return readFileSync((await (await download).path()) as string, 'utf8');
  };
  await page.goto('/history?type=COST');
  await expect(page.getByRole('link', { name: /Super E5/ }).first()).toBeVisible();
  const english = await exportCsv('Export CSV');
  expect(english.charCodeAt(0)).toBe(0xfeff);
  const en = Papa.parse<string[]>(english.slice(1), { delimiter: ',', skipEmptyLines: true }).data;
  expect(en[0]?.slice(0, 7)).toEqual(['Date (ISO)', 'Date', 'Type', 'Category', 'Title', 'Amount', 'Currency']);
  expect(en).toHaveLength(costs.total + 1);
  const fuel = en.find((r) => r[4] === 'Super E5');
  expect(fuel?.[5]).toMatch(/^\d+\.\d{2}$/);
  expect(fuel?.[7]).toMatch(/^\d+\.\d{2}$/);
  expect(Date.parse(fuel?.[0] ?? '')).not.toBeNaN();
  // The same costs for Spritmonitor: its own header row, one line per fuel fill, decimal commas.
  const sprit = (await exportCsv('Export as Spritmonitor CSV')).split('\n').filter(Boolean);
  expect(sprit[0]).toBe(
    'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch;BC-Verbrauch;BC-Spritmenge;BC-Geschwindigkeit;Tankstelle;Land;Großraum;Ort',
  );
  expect(sprit.length - 1).toBe(en.slice(1).filter((r) => r[7]).length);
  expect(sprit[1]).toMatch(/^\d{2}\.\d{2}\.\d{4};[\d,]*;[\d,]+;\d+,\d{2,3};\d+,\d{2,3};"[A-Z]{3}";[012];/);

  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'CSV exportieren', exact: true })).toBeVisible();
  const german = await exportCsv('CSV exportieren');
  expect(german.charCodeAt(0)).toBe(0xfeff);
  const de = Papa.parse<string[]>(german.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  expect(de[0]?.slice(0, 7)).toEqual(['Datum (ISO)', 'Datum', 'Art', 'Kategorie', 'Titel', 'Betrag', 'Währung']);
  expect(de).toHaveLength(costs.total + 1);
  const kraftstoff = de.find((r) => r[4] === 'Super E5');
  expect(kraftstoff?.[3]).toBe('Kraftstoff');
  expect(kraftstoff?.[5]).toMatch(/^\d+,\d{2}$/);
  // The same amounts in both files.
  expect(de.map((r) => r[5]?.replace(',', '.')).slice(1)).toEqual(en.map((r) => r[5]).slice(1));
  await expectAccessible(page, 'history in German');
});

const fuelLog = (name: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: readFileSync(`tests/fixtures/fuel-logs/${name}`),
});
const chooseLog = (page: Page, name: string) => page.getByLabel('Choose a fuel log (CSV)').setInputFiles(fuelLog(name));
type Cost = {
  thingId: string | null;
  cost: { price: number; tankFull: boolean | null; odometer: number | null; fuelQuantity: number | null };
};
const costsOf = async (page: Page) => (await serverHistory(page, 'types=COST&limit=100')).events as unknown as Cost[];

// Issue 35: real exports from public repositories (tests/fixtures/fuel-logs/README.md), through the UI as a driver does.
test('a real Spritmonitor export: every fill into a new vehicle, partial fills kept; a second import skips them all', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('import-sprit'), 'correct-horse-9');
  await page.goto('/history');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import a fuel log' })).toBeVisible();
  await expectAccessible(page, 'import: pick a file');
  await chooseLog(page, 'spritmonitor-r32.csv');
  await expect(page.getByText('Spritmonitor fuel log “spritmonitor-r32.csv”')).toBeVisible();
  await expect(page.getByText('48 fills in the file · 11 partial fills')).toBeVisible();
  const preview = page.locator('.history-import-table tbody tr');
  await expect(preview).toHaveCount(5);
  await expect(preview.first()).toContainText('52.19 l');
  await expect(preview.first()).toContainText('€72.49');
  await expect(preview.first()).toContainText('71,060 km');
  await expect(preview.nth(2)).toContainText('Partial');
  // A new driver has no vehicle yet: one is made from the log, its fuel told by Spritmonitor's code 8.
  await pick(page, /^Vehicle/, 'A new vehicle for this log');
  await page.getByLabel('Name of the new vehicle').fill('VW Golf R32');
  await expect(page.getByRole('button', { name: /^Fuel of the new vehicle/ })).toContainText('Super Plus');
  await expectAccessible(page, 'import: preview');
  await page.getByRole('button', { name: 'Import 48 fills' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('48 fills imported')).toBeVisible();
  await expectAccessible(page, 'import: finished');
  const costs = await costsOf(page);
  expect(costs).toHaveLength(48);
  expect(costs.filter((c) => c.cost.tankFull === false)).toHaveLength(11);
  const thingIds = new Set(costs.map((c) => c.thingId));
  expect(thingIds.size).toBe(1);
  expect([...thingIds][0]).not.toBeNull();
  expect(costs.map((c) => c.cost.price)).toContain(72_490);

  // The same file again: every fill is already there, nothing is sent twice.
  await page.goto('/history/import');
  await chooseLog(page, 'spritmonitor-r32.csv');
  await expect(page.getByRole('button', { name: /^Vehicle/ })).toContainText('VW Golf R32');
  await page.getByRole('button', { name: 'Import 48 fills' }).click();
  await expect(page.getByText('48 fills skipped: already in the history')).toBeVisible({ timeout: 30_000 });
  expect(await costsOf(page)).toHaveLength(48);

  // Another car's log into the same vehicle: each conflicting reading said in words, and a new vehicle instead.
  await page.goto('/history/import');
  await chooseLog(page, 'spritmonitor-leon.csv');
  await page.getByRole('button', { name: 'Import 30 fills' }).click();
  await expect(page.getByRole('heading', { name: 'Mileage does not fit this vehicle' })).toBeVisible();
  await expect(
    page.getByText('Line 31: Mileage 105 km is below an earlier reading of 71,060 km on November 11, 2009.'),
  ).toBeVisible();
  await expectAccessible(page, 'import: conflicts');
  await page.getByRole('button', { name: 'Import into a new vehicle instead' }).click();
  await expect(page.getByLabel('Name of the new vehicle')).toHaveValue('spritmonitor-leon');
  await page.getByLabel('Name of the new vehicle').fill('Seat León');
  await expect(page.getByRole('button', { name: /^Fuel of the new vehicle/ })).toContainText('Super E10');
  await page.getByRole('button', { name: 'Import 30 fills' }).click();
  await expect(page.getByText('30 fills imported')).toBeVisible({ timeout: 60_000 });
  const all = await serverHistory(page, 'types=COST&limit=100');
  expect(all.total).toBe(78);
});

test('a real Fuelly export of a US account without a vehicle: gallons in litres, miles in km, the mileage kept', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('import-fuelly'), 'correct-horse-9');
  await page.goto('/history/import');
  await chooseLog(page, 'fuelly-us-tundra.csv');
  await expect(page.getByText('Fuelly fuel log “fuelly-us-tundra.csv”')).toBeVisible();
  await expect(page.getByText(/64 fills in the file · miles and gallons are converted/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Vehicle/ })).toContainText('No vehicle');
  await pick(page, /^Currency of the amounts/, 'GBP');
  await page.getByRole('button', { name: 'Import 64 fills' }).click();
  // The export holds two fills twice (the same day, gallons and price, one of them with 0 mpg): each goes in once.
  await expect(page.getByText('62 fills imported')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('2 fills skipped: already in the history')).toBeVisible();
  const costs = await costsOf(page);
  expect(costs).toHaveLength(62);
  expect(costs.every((c) => c.thingId === null && c.cost.odometer !== null)).toBe(true);
  // 15 Mar 2013: 17.690 gal = 66.964 l, 50,536 mi = 81,329.808 km, 17.690 × 3.860 = 68.28.
  const fill = costs.find((c) => c.cost.price === 68_280);
  expect(fill?.cost.fuelQuantity).toBeCloseTo(669.64, 2);
  expect(fill?.cost.odometer).toBe(81_329_808);
});

test('a CSV the app does not know goes through the mapping step, remembered for the next file of its shape', async ({
  page,
}) => {
  await registerByMail(page, uniqueEmail('import-map'), 'correct-horse-9');
  await page.goto('/history/import');
  // LubeLogger writes the units its user chose without naming them: the driver confirms the columns and units.
  await chooseLog(page, 'lubelogger-gassample.csv');
  await expect(page.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
  const raw = page.locator('.history-import-raw');
  await expect(raw.locator('thead')).toContainText('FuelConsumed');
  await expect(raw.locator('tbody tr').first()).toContainText('204836');
  await expect(page.getByRole('button', { name: /^Quantity FuelConsumed/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Amount Cost/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Dates Month, day, year/ })).toBeVisible();
  await pick(page, /^Distances in/, 'Miles');
  await pick(page, /^Quantities in/, 'US gallons');
  await expectAccessible(page, 'import: mapping');
  await page.getByRole('button', { name: 'Use these columns' }).click();
  await expect(page.getByText('2 fills in the file · miles and gallons are converted')).toBeVisible();
  await expect(page.locator('.history-import-table tbody tr').first()).toContainText('31.53 l');
  // Offline: the fills wait on the phone and go out when the signal is back, once each.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Import 2 fills' }).click();
  await expect(page.getByText('2 fills saved on this phone, sent when you are online')).toBeVisible({
    timeout: 30_000,
  });
  await page.context().setOffline(false);
  await expect.poll(async () => (await serverHistory(page, 'types=COST&limit=100')).total, { timeout: 30_000 }).toBe(2);
  // The next file of the same shape skips the mapping step.
  await page.goto('/history/import');
  await chooseLog(page, 'lubelogger-gassample.csv');
  await expect(page.getByText('2 fills in the file · miles and gallons are converted')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 fills' }).click();
  await expect(page.getByText('2 fills skipped: already in the history')).toBeVisible({ timeout: 30_000 });
  expect((await serverHistory(page, 'types=COST&limit=100')).total).toBe(2);
});
