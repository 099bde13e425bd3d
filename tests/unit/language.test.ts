// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import { LANGUAGES, localeHeader, resolveLanguage, toLanguage } from '../../src/i18n/language';

describe('language (shell-and-account.md §4, §9)', () => {
  it('offers exactly de en nl fr it es pt da pl', () => {
    expect([...LANGUAGES]).toEqual(['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl']);
  });
  it('takes the stored language first', () => {
    expect(resolveLanguage('fr', ['de-DE'])).toEqual({ language: 'fr', store: null });
  });
  it('migrates an old stored value with a region suffix to the short code', () => {
    expect(resolveLanguage('de-DE', ['fr'])).toEqual({ language: 'de', store: 'de' });
    expect(resolveLanguage('pt_PT', [])).toEqual({ language: 'pt', store: 'pt' });
  });
  it('falls back to the browser language when nothing usable is stored', () => {
    expect(resolveLanguage(null, ['da-DK', 'en'])).toEqual({ language: 'da', store: null });
    expect(resolveLanguage('xx', ['sv-SE', 'pl-PL'])).toEqual({ language: 'pl', store: null });
  });
  it('falls back to en when neither is supported', () => {
    expect(resolveLanguage(null, ['sv-SE', 'ja'])).toEqual({ language: 'en', store: null });
    expect(resolveLanguage(null, [])).toEqual({ language: 'en', store: null });
  });
  it('parses language tags', () => {
    expect(toLanguage('NL')).toBe('nl');
    expect(toLanguage('es-419')).toBe('es');
    expect(toLanguage('')).toBeNull();
    expect(toLanguage(undefined)).toBeNull();
  });
  it('sends locale en-GB by default and for en, the spec locale otherwise', () => {
    expect(localeHeader(null)).toBe('en-GB');
    expect(localeHeader('en')).toBe('en-GB');
    expect(localeHeader('de')).toBe('de-DE');
    expect(localeHeader('pt')).toBe('pt-PT');
    expect(localeHeader('da')).toBe('da-DK');
  });
});
