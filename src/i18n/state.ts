// The active language, readable outside React (the API client's locale header reads it per request).
import type { Language } from './language';

let active: Language | null = null;
export function currentLanguage(): Language | null {
  return active;
}
export function setCurrentLanguage(language: Language): void {
  active = language;
}
