// The ready mail's strings, in the `mail` catalog of the app's Lingui catalogs (lingui.config.ts extracts this file
// beside server/mail/messages.ts; server/mail/i18n.ts reads the translations). The id is the English text.
export const EXPORT_MAIL = {
  subject: /*i18n*/ { id: 'Your Forecourt Pay data export is ready' },
  intro: /*i18n*/ { id: 'Your data export is ready: a ZIP file with everything Forecourt Pay keeps about you.' },
  where: /*i18n*/ {
    id: 'Download it in the app while signed in, under Profile > Personal details > Download my data:',
  },
  until: /*i18n*/ { id: 'It can be downloaded until {until} (UTC). After that, you can request a new one.' },
} as const;
