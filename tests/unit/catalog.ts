// A language's whole catalog as the app has it once loaded: the shell's strings and the features' (src/i18n).
import type { Messages } from '@lingui/core';
import { messages as deFeatures } from '../../src/locales/de/messages.po';
import { messages as deShell } from '../../src/locales/de/shell.po';
import { messages as enFeatures } from '../../src/locales/en/messages.po';
import { messages as enShell } from '../../src/locales/en/shell.po';
import { messages as frFeatures } from '../../src/locales/fr/messages.po';
import { messages as frShell } from '../../src/locales/fr/shell.po';
import { messages as plFeatures } from '../../src/locales/pl/messages.po';
import { messages as plShell } from '../../src/locales/pl/shell.po';

export const catalogs: Record<'de' | 'en' | 'fr' | 'pl', Messages> = {
  de: { ...deShell, ...deFeatures },
  en: { ...enShell, ...enFeatures },
  fr: { ...frShell, ...frFeatures },
  pl: { ...plShell, ...plFeatures },
};
