// The catalogs of areas off the landing page (lingui.config.ts), loaded on top of the main catalog when one of their
// pages opens, and again in the new language on every language switch after that. This module is itself loaded
// lazily, so the landing bundle carries none of it.
import { i18n } from '@lingui/core';
import type { Language } from './language';

type Catalog = () => Promise<{ messages: Record<string, unknown> }>;

const account: Record<Language, Catalog> = {
  de: () => import('../locales/de/account.po'),
  en: () => import('../locales/en/account.po'),
  nl: () => import('../locales/nl/account.po'),
  fr: () => import('../locales/fr/account.po'),
  it: () => import('../locales/it/account.po'),
  es: () => import('../locales/es/account.po'),
  pt: () => import('../locales/pt/account.po'),
  da: () => import('../locales/da/account.po'),
  pl: () => import('../locales/pl/account.po'),
};

/** i18n.load merges into the language's loaded messages. */
const loadAccount = async (language: Language) => i18n.load(language, (await account[language]()).messages as never);
let loaded: Promise<void> | null = null;

/**
 * The account area's catalog, once; `onLanguageLoad` (from ./index, passed in so this lazy module does not pull the
 * entry's i18n module into a chunk of its own) reloads it on a language switch.
 */
export function loadAccountCatalog(onLanguageLoad: (load: (language: Language) => Promise<unknown>) => void) {
  loaded ??= loadAccount((i18n.locale || 'en') as Language).then(() => {
    onLanguageLoad(loadAccount);
  });
  return loaded;
}
