// Lingui setup: per language two catalogs (lingui.config.ts), loaded on demand and precached by the service worker.
// The shell catalog is all the first screen of a new visitor needs (landing, login, register…); the features'
// catalog follows right after it, and a feature route waits for it (the root route's beforeLoad, allMessages()).
import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_STORAGE_KEY } from '../lib/constants';
import { LANGUAGES, type Language, LOCALES, resolveLanguage } from './language';
import { isShellPath } from './shell-paths';
import { setCurrentLanguage } from './state';

type Catalog = () => Promise<{ messages: Messages }>;

const shellCatalogs: Record<Language, Catalog> = {
  de: () => import('../locales/de/shell.po'),
  en: () => import('../locales/en/shell.po'),
  nl: () => import('../locales/nl/shell.po'),
  fr: () => import('../locales/fr/shell.po'),
  it: () => import('../locales/it/shell.po'),
  es: () => import('../locales/es/shell.po'),
  pt: () => import('../locales/pt/shell.po'),
  da: () => import('../locales/da/shell.po'),
  pl: () => import('../locales/pl/shell.po'),
};

const featureCatalogs: Record<Language, Catalog> = {
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

/** The features' catalog of the active language, once loaded. */
let featureMessages: Promise<void> = Promise.resolve();

/** Resolves when every string of the active language is loaded; a feature route awaits it before it renders. */
export function allMessages(): Promise<void> {
  return featureMessages;
}

/** Whether a path renders with the shell catalog alone (the root route skips waiting for the features' one). */
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
 * Switch to a language. `shellFirst` (the start on a shell page): activate as soon as the shell catalog is in and load
 * the features' catalog after it; otherwise (a switch in settings, a start on a feature page) both before activating,
 * so no screen shows a string untranslated.
 */
export async function activateLanguage(
  language: Language,
  persist = false,
  { shellFirst = false }: { shellFirst?: boolean } = {},
): Promise<void> {
  const loadFeatures = () =>
    featureCatalogs[language]().then(({ messages }) => {
      // Merged into the active language's messages (a later switch replaces them with its own).
      if (i18n.locale === language) i18n.load(language, messages);
    });
  if (shellFirst) {
    const { messages } = await shellCatalogs[language]();
    i18n.loadAndActivate({ locale: language, messages });
    // A failed load (no signal before the service worker holds the app) is asked again by the next feature route.
    featureMessages = loadFeatures().catch(() => {
      featureMessages = loadFeatures().catch(() => undefined);
    });
  } else {
    const [shell, features] = await Promise.all([shellCatalogs[language](), featureCatalogs[language]()]);
    i18n.loadAndActivate({ locale: language, messages: { ...shell.messages, ...features.messages } });
    featureMessages = Promise.resolve();
  }
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language].split('-')[0] ?? language;
  if (persist) storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

export { i18n, LANGUAGES };
