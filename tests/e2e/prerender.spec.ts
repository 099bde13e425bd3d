// The prerendered landing page (issue 16: its largest paint ≤ 1.6 s on a slow phone). A cold start of /landing gets
// the page's markup in the HTML, in the browser's language (server/http/prerender.ts), from src/prerendered.json; the
// app's code starts once the page is painted (scripts/prerender.ts) and renders the same page over it.
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../src/i18n/language';
import { expect, type Page, test } from './fixtures';
import { appHasRendered, expectAccessible, waitForServiceWorker, watchRoot } from './helpers';

const prerendered: Record<string, Record<string, string>> = JSON.parse(
  readFileSync(new URL('../../src/prerendered.json', import.meta.url), 'utf8'),
);

/** Holds the app's entry script until `go()`; `asked` once the page has asked for it. */
async function holdAppCode(page: Page): Promise<{ asked: boolean; go: () => void }> {
  let go: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    go = resolve;
  });
  const hold = { asked: false, go: () => go() };
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    hold.asked = true;
    await held;
    await route.continue();
  });
  return hold;
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language });
    test('the HTML brings the page as the app renders it, and the app takes over without a blank frame', async ({
      page,
    }) => {
      await watchRoot(page);
      const response = await page.goto('/landing');
      const html = (await response?.text()) ?? '';
      const markup = prerendered['/landing']?.[language];
      expect(markup, 'src/prerendered.json has the page').toBeTruthy();
      expect(html).toContain(`<html data-prerendered="${language}" lang="${language}"`);
      expect(html).toContain(`<div id="root">${markup}</div>`);
      expect(await page.evaluate(() => (window as { __parsedHeading?: string }).__parsedHeading)).toBeTruthy();
      await appHasRendered(page);
      // The app's own rendering is the file's (after a change to the page: `npm run prerender`).
      await expect
        .poll(() => page.evaluate(() => document.getElementById('root')?.innerHTML), {
          message: `the app renders /landing in ${language} as src/prerendered.json has it: run npm run prerender`,
        })
        .toBe(markup);
      expect(await page.evaluate(() => (window as { __blank?: boolean }).__blank ?? false)).toBe(false);
      await expect(page.locator('#app-code')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-prerendered');
      // The sticky bar's two buttons side by side at 360 px: each label on one line.
      const lines = await page.locator('.action-pair > .button').evaluateAll((buttons) =>
        buttons.map((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines).toEqual([1, 1]);
    });
  });
}

test('the page is there before any of the app code, its links work without it, and it passes axe', async ({ page }) => {
  const code: string[] = [];
  await page.route('**/assets/*.js', (route) => {
    code.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?auth=0');
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?auth=0');
  await expectAccessible(page, 'the prerendered /landing');
  // The code was asked for once the page was painted.
  await expect.poll(() => code.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  await page.unroute('**/assets/*.js');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?auth=0$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test("the HTML's app code all goes into the head: the entry's preloads in one task, the route's low-priority preloads in a later one, the framework and the entry run one after the other", async ({
  page,
}) => {
  // Each MutationObserver callback is the end of one task's additions: the script and links added to the head, batch
  // by batch.
  await page.addInitScript(() => {
    const w = window as unknown as { __headBatches: { url: string; low: boolean; script: boolean }[][] };
    w.__headBatches = [];
    new MutationObserver((records) => {
      const batch = records
        .flatMap((record) => [...record.addedNodes])
        .filter(
          (node): node is HTMLScriptElement | HTMLLinkElement =>
            node instanceof HTMLScriptElement || node instanceof HTMLLinkElement,
        )
        .filter((node) => node.parentNode === document.head)
        .map((node) => ({
          url: new URL(node instanceof HTMLScriptElement ? node.src : node.href, location.href).pathname,
          low: node.getAttribute('fetchpriority') === 'low',
          script: node instanceof HTMLScriptElement,
        }));
      if (batch.length) w.__headBatches.push(batch);
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto('/landing');
  const template = /<template id="app-code">(.*?)<\/template>/s.exec((await response?.text()) ?? '')?.[1] ?? '';
  const held = [...template.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  const low = [...template.matchAll(/fetchpriority="low" href="([^"]+)"/g)].map((match) => match[1]);
  expect(held.length).toBeGreaterThan(2);
  expect(low.length).toBeGreaterThan(0);
  await expect(page.locator('#app-code')).toHaveCount(0);
  const batches = () =>
    page.evaluate(
      () => (window as unknown as { __headBatches: { url: string; low: boolean; script: boolean }[][] }).__headBatches,
    );
  await expect.poll(async () => (await batches()).flat().map(({ url }) => url)).toEqual(expect.arrayContaining(held));
  const entryScriptAdded = async () =>
    (await batches()).flat().some(({ url, script }) => script && /^\/assets\/index-[\w-]+\.js$/.test(url));
  await expect.poll(entryScriptAdded).toBe(true);
  const all = await batches();
  const entry = all.findIndex((batch) => batch.some(({ url }) => /^\/assets\/index-[\w-]+\.js$/.test(url)));
  expect(all[entry]?.some(({ low }) => low)).toBe(false);
  for (const url of low) {
    expect(all.findIndex((batch) => batch.some((added) => added.url === url))).toBeGreaterThan(entry);
  }
  // The framework runs as a module script of its own, and the entry's script is added once it has run: the browser
  // evaluates each module script's graph in one task, so these are two tasks instead of one long one.
  const scriptBatch = (pattern: RegExp) =>
    all.findIndex((batch) => batch.some(({ url, script }) => script && pattern.test(url)));
  expect(scriptBatch(/^\/assets\/framework-[\w-]+\.js$/)).toBeGreaterThanOrEqual(0);
  expect(scriptBatch(/^\/assets\/index-[\w-]+\.js$/)).toBeGreaterThan(scriptBatch(/^\/assets\/framework-[\w-]+\.js$/));
});

test("a tap on the page's button before the app runs is given to the app's button", async ({ page }) => {
  const code = await holdAppCode(page);
  await page.goto('/landing');
  await expect.poll(() => code.asked).toBe(true);
  // The app's code has not arrived: this is the HTML's button.
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  code.go();
  await expect(page).not.toHaveURL(/\/landing/);
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
  expect(auth).toMatchObject({ token: expect.any(String), isGuest: true });
});

test("the focus on the page's link before the app runs moves to the app's same link", async ({ page }) => {
  const code = await holdAppCode(page);
  await watchRoot(page);
  await page.goto('/landing');
  await expect.poll(() => code.asked).toBe(true);
  await page.getByRole('link', { name: 'Register' }).focus();
  code.go();
  await appHasRendered(page);
  // The app's link (the HTML's is gone with its page), not the document's body.
  await expect(page.getByRole('link', { name: 'Register' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.closest('#root') !== null)).toBe(true);
});

test.describe('a stored language other than the browser’s', () => {
  test.use({ locale: 'de' });
  test('the German page goes before it is shown; the app starts in the stored language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    await watchRoot(page);
    const response = await page.goto('/landing');
    expect(await response?.text()).toContain('data-prerendered="de"');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/.+/);
    expect(await page.evaluate(() => (window as { __parsedHeading?: string }).__parsedHeading)).toBeNull();
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test("a new visitor's / is the landing page from the HTML too, and the app takes it over at /landing", async ({
  page,
}) => {
  await watchRoot(page);
  const response = await page.goto('/');
  expect(await response?.text()).toContain('<html data-prerendered="en"');
  expect(await page.evaluate(() => (window as { __parsedHeading?: string }).__parsedHeading)).toBe(
    'Pay at the pump from your phone',
  );
  await appHasRendered(page);
  await expect(page).toHaveURL(/\/landing(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __blank?: boolean }).__blank ?? false)).toBe(false);
});

test("a driver with a stored session never sees the new visitor's page: / goes to the app's home", async ({ page }) => {
  // A cold start: no service worker (it would answer from its own copy, which has no markup).
  await page.route('**/sw.js', (route) => route.abort());
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/landing/);
  await watchRoot(page);
  const start = await page.goto('/');
  expect(start?.fromServiceWorker()).toBe(false);
  expect(await start?.text()).toContain('<html data-prerendered="en"');
  expect(await page.evaluate(() => (window as { __parsedHeading?: string | null }).__parsedHeading)).toBeNull();
  await expect(page).not.toHaveURL(/\/landing/);
  await expect(page.locator('#root main')).toBeVisible();
});

test('a URL with a query, and a start from the service worker, get the page as built', async ({ page }) => {
  const partner = await page.goto('/landing?partner=demo-partner');
  expect(await partner?.text()).not.toContain('<html data-prerendered');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
  await waitForServiceWorker(page);
  const fromWorker = await page.goto('/landing');
  expect(fromWorker?.fromServiceWorker()).toBe(true);
  expect(await fromWorker?.text()).not.toContain('<html data-prerendered');
  await expect(page.getByRole('heading', { name: 'Pay at the pump from your phone' })).toBeVisible();
});
