// The banner's strings: a catalog of their own (resume.po, scripts/catalog-areas.ts OWN_CATALOGS), loaded by the
// banner's chunk in the active language (and in a new one when the driver switches), so they weigh on no first load.
import { i18n, type Messages } from '@lingui/core';
import { useEffect, useState } from 'react';

const catalogs = import.meta.glob<{ messages: Messages }>('../../../../locales/*/resume.po');
const loaded = new Set<string>();

async function load(locale: string): Promise<void> {
  const importer = catalogs[`../../../../locales/${locale}/resume.po`];
  if (!importer || loaded.has(locale)) return;
  const { messages } = await importer();
  loaded.add(locale);
  i18n.load(locale, messages);
}

/** Whether the banner's strings are in for the active language (until then it shows nothing, never English). */
export function useResumeMessages(): boolean {
  const [, loadedOne] = useState(0);
  useEffect(() => {
    let live = true;
    const ensure = () => {
      const locale = i18n.locale;
      if (loaded.has(locale)) return;
      // A failed load (no signal before the service worker holds the app) is tried again at the next change.
      void load(locale).then(
        () => live && loadedOne((n) => n + 1),
        () => {},
      );
    };
    ensure();
    const off = i18n.on('change', ensure);
    return () => {
      live = false;
      off();
    };
  }, []);
  return loaded.has(i18n.locale);
}
