// Each area's catalog (issue 16, lingui.config.ts): a deep page of each area opened cold in Polish never shows one of
// its area's strings untranslated — neither as the hashed message id (the catalog not loaded yet) nor in English —
// not even for a frame: every text the page ever puts into the document is recorded from the start, and the area's
// catalog is held back a while so that a page that does not wait for it would show its strings before it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { expect, test } from './fixtures';
import { signInAsDemoDriver } from './helpers';

type Entry = { id: string; context: string; msgstr: string };
function catalog(language: string, name: string): Entry[] {
  const text = readFileSync(new URL(`../../src/locales/${language}/${name}.po`, import.meta.url), 'utf8');
  return text
    .split('\n\n')
    .map((block) => ({
      id: /^msgid (".*")$/m.exec(block)?.[1],
      context: /^msgctxt (".*")$/m.exec(block)?.[1],
      msgstr: /^msgstr (".*")$/m.exec(block)?.[1],
    }))
    .filter((e) => e.id && e.id !== '""')
    .map((e) => ({
      id: JSON.parse(e.id!),
      context: e.context ? JSON.parse(e.context) : '',
      msgstr: JSON.parse(e.msgstr!),
    }));
}
/** Lingui's message id (@lingui/message-utils generateMessageId): what a page shows for a message not loaded. */
const messageId = (message: string, context: string) =>
  createHash('sha256').update(`${message}\u001F${context}`).digest('base64').slice(0, 6);

/** Every text (and accessible label) the page ever had, from the first script on. */
function recordTexts() {
  const seen = new Set<string>();
  (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
  const note = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) seen.add((node.textContent ?? '').trim());
    if (node instanceof Element) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = node.getAttribute(name);
        if (value) seen.add(value.trim());
      }
      node.childNodes.forEach(note);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') note(record.target);
      else if (record.type === 'attributes') note(record.target);
      else record.addedNodes.forEach(note);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const station = DEMO_STATIONS.prepay;
const PAGES = [
  { area: 'pay', path: `/pay/pump?pid=${station.id}`, heading: 'Select pump' },
  { area: 'map', path: '/map?view=list', button: 'Map' },
  { area: 'history', path: '/history/transactions-overview', heading: 'Statistics' },
  { area: 'account', path: '/profile/cars', heading: 'Your vehicles' },
] as const;

test.use({
  locale: 'pl-PL',
  geolocation: { latitude: station.latitude, longitude: station.longitude },
  permissions: ['geolocation'],
});

for (const page of PAGES) {
  test(`${page.path} (${page.area}) opened cold in Polish shows none of its strings untranslated`, async ({
    page: tab,
  }) => {
    const english = catalog('en', page.area);
    const polish = new Map(catalog('pl', page.area).map((e) => [`${e.context}\u0004${e.id}`, e.msgstr]));
    const translated = (id: string) => {
      const entry = english.find((e) => e.id === id);
      if (!entry) throw new Error(`${id} is not in the ${page.area} catalog`);
      return polish.get(`\u0004${id}`)!;
    };
    await signInAsDemoDriver(tab);
    await tab.addInitScript(recordTexts);
    // The area's catalog arrives late (a slow network): a page that rendered without waiting for it would show ids.
    await tab.route(/\/assets\/(pay|map|history|account)-pl-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await tab.goto(page.path);
    const shown = translated('heading' in page ? page.heading : page.button);
    if ('heading' in page) await expect(tab.getByRole('heading', { name: shown })).toBeVisible();
    else await expect(tab.getByRole('button', { name: shown, exact: true })).toBeVisible();

    const seen = new Set(await tab.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]));
    // The recorder sees what the page shows: the translated heading or button is among its texts.
    expect(seen.has(shown)).toBe(true);
    const untranslated = english.flatMap(({ id, context }) => {
      const target = polish.get(`${context}\u0004${id}`);
      const wrong = [messageId(id, context), ...(target && target !== id ? [id] : [])];
      return wrong.filter((text) => seen.has(text));
    });
    expect(untranslated).toEqual([]);
  });
}
