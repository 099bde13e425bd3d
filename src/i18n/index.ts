// Lingui setup: one catalog per language, loaded on demand (and precached by the service worker).
import { i18n } from '@lingui/core';
import { LANGUAGE_STORAGE_KEY } from '../lib/constants';
import { LANGUAGES, type Language, LOCALES, resolveLanguage } from './language';
import { setCurrentLanguage } from './state';

const catalogs: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  de: () => import('../locales/de/messages.po'),
  en: () => import('../locales/en/messages.po'),
  nl: () => import('../locales/nl/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  it: () => import('../locales/it/messages.po'),
  es: () => import('../locales/es/messages.po'),
  pt: () => import('../locales/pt/messages.po'),
  da: () => import('../locales/da/messages.po'),
  pl: () => import('../locales/pl/messages.po'),
};

/** Catalogs loaded on top of the main one (./area-catalogs): loaded again, in the new language, on a switch. */
const extraCatalogs = new Set<(language: Language) => Promise<unknown>>();
export const onLanguageLoad = (load: (language: Language) => Promise<unknown>) => extraCatalogs.add(load);

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

export async function activateLanguage(language: Language, persist = false): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.load(language, messages as never);
  await Promise.all([...extraCatalogs].map((load) => load(language)));
  i18n.activate(language);
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language].split('-')[0] ?? language;
  if (persist) storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

export { i18n, LANGUAGES };
