// The forecourt console on a phone (360 x 740, touch): an operator walking the forecourt taps the lowest device's action
// and that device changes, no other; no control overlaps another or is smaller than 44 x 44 px; axe finds nothing. And
// the same page on a desktop screen.
import { devicesOf, expect, type Page, STATIONS, test } from './fixtures';
import { expectAccessible } from './helpers';

const station = STATIONS.consoleTaps;
const [BAY] = devicesOf('console', 'consoleTaps');
/** The bay's product name on the API ("Bay 1"; the console calls it "Wash Bay 1"). */
const BAY_PRODUCT = BAY.replace(/^Wash /, '');

type Box = { name: string; x: number; y: number; width: number; height: number };

/** Every visible control of the page with its box in page coordinates (not the viewport's: the page scrolls). */
function controls(page: Page): Promise<Box[]> {
  return page.locator('button:visible, select:visible, input:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const card = el.closest('article')?.getAttribute('aria-label');
      const name = `${card ? `${card}: ` : ''}${el.tagName === 'BUTTON' ? el.textContent?.trim() : `#${el.id}`}`;
      return { name, x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
    }),
  );
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectTouchFriendly(page: Page) {
  const boxes = await controls(page);
  expect(boxes.length).toBeGreaterThan(20);
  const small = boxes.filter((b) => b.width < 44 || b.height < 44).map((b) => b.name);
  expect(small, 'controls under 44 x 44 px').toEqual([]);
  const clashes: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) if (overlap(a, b)) clashes.push(`${a.name} / ${b.name}`);
  expect(clashes, 'overlapping controls').toEqual([]);
  // Nothing wider than the screen: a sideways-scrolling page moves every card under the thumb.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test('at 360 x 740 a tap on the lowest device acts on that device only', async ({ page, request }) => {
  await page.goto(`/forecourt?station=${station.id}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(station.name);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(9);
  await expect(page.getByRole('status').first()).toContainText('AVAILABLE');

  // The lowest card on the page is the wash bay, below eight pumps.
  const tops = await cards.evaluateAll((els) =>
    els.map((el) => ({ name: el.getAttribute('aria-label'), top: el.getBoundingClientRect().top })),
  );
  const lowest = tops.reduce((a, b) => (b.top > a.top ? b : a));
  expect(lowest.name).toBe(BAY);
  const bay = page.getByRole('article', { name: BAY, exact: true });
  const others = tops.filter((t) => t.name !== lowest.name).map((t) => t.name as string);
  const statusOf = (name: string) => page.getByRole('article', { name, exact: true }).getByRole('status').textContent();
  const before = await Promise.all(others.map(statusOf));
  expect(before.every((s) => s === 'AVAILABLE · IDLE')).toBe(true);
  await expect(bay.getByRole('status')).toHaveText('AVAILABLE · IDLE');

  await expectTouchFriendly(page);
  await expectAccessible(page, 'console at 360 x 740');
  const heights = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));

  try {
    await bay.getByRole('button', { name: 'Fault', exact: true }).tap();
    await expect(bay.getByRole('status')).toHaveText('OUT_OF_ORDER · FAULT');
    await expect(page.locator('#feedback')).toHaveText(`${BAY}: Fault — done: OUT_OF_ORDER · FAULT`);
    // The server agrees, and every other device is as it was.
    const after = await request.get(`/forecourt/api/stations/${station.id}`);
    const devices = (await after.json()).devices as { kind: string; name: string; state: string }[];
    expect(devices.filter((d) => d.state !== 'IDLE').map((d) => `${d.kind} ${d.name} ${d.state}`)).toEqual([
      `WASH ${BAY_PRODUCT} FAULT`,
    ]);
    expect(await Promise.all(others.map(statusOf))).toEqual(before);
    // The faulted card keeps its height (Clear fault takes Fault's place): nothing below or above moved.
    expect(await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))).toEqual(heights);
    await expectTouchFriendly(page);
    await expectAccessible(page, 'console at 360 x 740 with a faulted bay');

    await bay.getByRole('button', { name: 'Clear fault' }).tap();
    await expect(bay.getByRole('status')).toHaveText('AVAILABLE · IDLE');
  } finally {
    // Leave the bay as it was found even when a step above failed (409, harmless, when it is not faulted).
    const { devices } = await (await request.get(`/forecourt/api/stations/${station.id}`)).json();
    const id = (devices as { kind: string; name: string; productId: string }[]).find(
      (d) => d.kind === 'WASH' && d.name === BAY_PRODUCT,
    )?.productId;
    await request.post(`/forecourt/api/stations/${station.id}/devices/${id}/clear-fault`, {
      data: {},
      failOnStatusCode: false,
    });
  }
});

test('the station picker finds a station by a few letters, with one thumb', async ({ page }) => {
  await page.goto(`/forecourt?station=${station.id}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(station.name);
  const search = page.getByRole('searchbox', { name: 'Find a station' });
  await search.tap();
  // Words in any order, accents and case aside: of the Liège stations the one on the Rue de Herve. The station on show
  // stays in the picker.
  await search.fill('herve LIEGE');
  await expect(page.getByText(/^1 of \d+ stations match/)).toBeVisible();
  await expect(page.getByLabel('Station', { exact: true }).locator('option')).toHaveText([
    /Zürich/,
    /Lowland Fuel Liège/,
  ]);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`station=${STATIONS.washFault.id}`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Liège');
  await expect(page.getByRole('article', { name: 'Pump 1', exact: true })).toBeVisible();
  await expectAccessible(page, 'console after a station search');
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test('the cards sit side by side, touch-sized, without overlap, and axe finds nothing', async ({ page }) => {
    await page.goto(`/forecourt?station=${station.id}`);
    await expect(page.getByRole('article')).toHaveCount(9);
    const lefts = await page
      .getByRole('article')
      .evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().left))).size);
    expect(lefts).toBeGreaterThan(1);
    await expectTouchFriendly(page);
    await expectAccessible(page, 'console at 1280 x 800');
  });
});
