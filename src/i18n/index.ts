// Lingui setup: per language a shell catalog and one per area (lingui.config.ts), loaded on demand and precached by
// the service worker. The shell catalog is all the first screen of a new visitor needs (landing, login, register…);
// a feature page waits for its area's catalog (the root route's beforeLoad, areaMessages()), which it alone loads.
import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_STORAGE_KEY } from '../lib/constants';
import { type Area, areaOfPath } from './catalog-area';
import { LANGUAGES, type Language, LOCALES, resolveLanguage } from './language';
import { isShellPath } from './shell-paths';
import { setCurrentLanguage } from './state';

type CatalogName = 'shell' | Area;
// Every catalog of every language, each its own chunk ('../locales/de/pay.po' → its import); not the mails' catalog,
// which only the server reads (server/mail/i18n.ts), nor a feature's own one (the running-order banner's resume.po,
// scripts/catalog-areas.ts OWN_CATALOGS), which its lazy code loads (loadOwnCatalog).
const catalogs = import.meta.glob<{ messages: Messages }>([
  '../locales/*/*.po',
  '!../locales/*/mail.po',
  '!../locales/*/resume.po',
]);
const loads = new Map<string, Promise<void>>();
/** The areas whose strings have been asked for: a switch of language loads them in the new language too. */
const areas = new Set<Area>();

/** A catalog's messages merged into its language's (once; a failed load is tried again next time). */
function load(language: Language, name: CatalogName): Promise<void> {
  const key = `../locales/${language}/${name}.po`;
  let loading = loads.get(key);
  if (!loading) {
    const importer = catalogs[key];
    if (!importer) return Promise.reject(new Error(`no catalog ${key}`));
    loading = importer().then(
      ({ messages }) => i18n.load(language, messages),
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, loading);
  }
  return loading;
}

/**
 * Resolves when the strings of the page at `pathname` are loaded in the active language; a feature page awaits it
 * before it renders. A load that fails twice (no signal before the service worker holds the app) lets the page go on.
 */
export function areaMessages(pathname: string): Promise<void> {
  if (isShellPath(pathname)) return Promise.resolve();
  const area = areaOfPath(pathname);
  areas.add(area);
  const language = i18n.locale as Language;
  return load(language, area).catch(() => load(language, area).catch(() => undefined));
}

/** Whether a path renders with the shell catalog alone (the root route skips waiting for an area's one). */
export { isShellPath };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The start language: stored, else browser, else en; an old 'de-DE' value is rewritten as 'de'. */
export function initialLanguage(): Language {
  const store = storage();
  const resolution = resolveLanguage(
    store?.getItem(LANGUAGE_STORAGE_KEY) ?? null,
    globalThis.navigator?.languages ?? [],
  );
  if (resolution.store && store) store.setItem(LANGUAGE_STORAGE_KEY, resolution.store);
  return resolution.language;
}

/**
 * Switch to a language once its shell catalog and those of the areas asked for so far are in (a switch in settings),
 * so no screen shows a string untranslated. `pathname` (the start): also the catalog of that page's area, unless it
 * is a shell page, which renders as soon as the shell catalog is in.
 */
export async function activateLanguage(
  language: Language,
  persist = false,
  { pathname }: { pathname?: string } = {},
): Promise<void> {
  if (pathname !== undefined && !isShellPath(pathname)) areas.add(areaOfPath(pathname));
  await Promise.all([load(language, 'shell'), ...[...areas].map((area) => load(language, area))]);
  i18n.activate(language);
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language].split('-')[0] ?? language;
  if (persist) storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

export { i18n, LANGUAGES };
