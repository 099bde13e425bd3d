// Language resolution (shell-and-account.md §4 Language, §9): stored value, else browser language, else en.

export const LANGUAGES = ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Locales of the spec; the API locale header maps en to en-GB (pay-flows.md §7). */
export const LOCALES: Record<Language, string> = {
  de: 'de-DE',
  en: 'en-US',
  nl: 'nl-NL',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
  pt: 'pt-PT',
  da: 'da-DK',
  pl: 'pl-PL',
};

/** Native names, shown in the language picker (not translated on purpose: a user finds their own language). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  nl: 'Nederlands',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  pt: 'Português',
  da: 'Dansk',
  pl: 'Polski',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'de-DE', 'de_DE', 'DE' -> 'de'; anything unsupported -> null. */
export function toLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const short = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(short) ? short : null;
}

export type LanguageResolution = {
  language: Language;
  /** The value to write back when the stored one was missing or in the old region format. */
  store: Language | null;
};

/**
 * "The language comes from local storage, else the browser language, else en.
 *  An old format with a region suffix is migrated to the short code."
 */
export function resolveLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageResolution {
  const fromStore = toLanguage(stored);
  if (fromStore) return { language: fromStore, store: stored === fromStore ? null : fromStore };
  for (const candidate of browserLanguages) {
    const language = toLanguage(candidate);
    if (language) return { language, store: null };
  }
  return { language: DEFAULT_LANGUAGE, store: null };
}

/** The locale header value: default en-GB, en mapped to en-GB. */
export function localeHeader(language: Language | null | undefined): string {
  if (!language || language === 'en') return 'en-GB';
  return LOCALES[language];
}
