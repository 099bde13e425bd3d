// A language's whole catalog as the app has it once every page was visited: the shell's strings and every area's
// (src/i18n, lingui.config.ts).
import type { Messages } from '@lingui/core';

const files = import.meta.glob<Messages>('../../src/locales/{de,en,fr,pl}/*.po', { eager: true, import: 'messages' });
const of = (language: string): Messages =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([path]) => path.includes(`/${language}/`))
      .map(([, m]) => m),
  );

export const catalogs: Record<'de' | 'en' | 'fr' | 'pl', Messages> = {
  de: of('de'),
  en: of('en'),
  fr: of('fr'),
  pl: of('pl'),
};
