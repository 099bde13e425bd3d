// The mails' strings. Their translations are the `mail` catalog of the app's Lingui catalogs (src/locales/<lang>/
// mail.po, lingui.config.ts): `npm run i18n:extract` reads the descriptors below (marked /*i18n*/, no macro: the
// server runs without Lingui's compile step) and server/mail/i18n.ts reads the catalogs at start. The id is the
// English text, as in the app's catalogs; placeholders are {name}.
export const MAIL = {
  greeting: /*i18n*/ { id: 'Hello,' },
  greetingNamed: /*i18n*/ { id: 'Hello {name},' },
  signature: /*i18n*/ { id: 'Your Forecourt Pay team' },
  tempPasswordSubject: /*i18n*/ { id: 'Your temporary Forecourt Pay password' },
  tempPasswordIs: /*i18n*/ { id: 'Your temporary Forecourt Pay password is: {password}' },
  tempPasswordExpires: /*i18n*/ {
    id: 'It expires in {minutes} minutes. Sign in with it and you will be asked to choose a new password.',
  },
  tempPasswordIgnore: /*i18n*/ {
    id: 'Your current password keeps working until you change it. If you did not ask for this, ignore this mail.',
  },
  exportSubject: /*i18n*/ { id: 'Your Forecourt Pay data export' },
  exportIntro: /*i18n*/ {
    id: 'Here is the data Forecourt Pay keeps about you, as JSON (also attached as {filename}):',
  },
  codeSubject: /*i18n*/ { id: 'Your Forecourt Pay code: {code}' },
  codeProtectCard: /*i18n*/ {
    id: 'Your Forecourt Pay code to protect your fuel card is {code}. It is valid for {minutes} minutes.',
  },
  codeConfirmPayment: /*i18n*/ {
    id: 'Your Forecourt Pay code to confirm your payment is {code}. It is valid for {minutes} minutes.',
  },
  codeIgnore: /*i18n*/ { id: 'If you did not ask for it, ignore this mail.' },
  // A registration with an email that has an account: the answer is that of a new registration (issue 32.13), the
  // owner learns of it by mail instead.
  registerTakenSubject: /*i18n*/ { id: 'Someone tried to register with your email address' },
  registerTakenIntro: /*i18n*/ {
    id: 'Someone, perhaps you, tried to create a new Forecourt Pay account with this email address. You already have an account, so no new one was made and nothing was changed.',
  },
  registerTakenSignIn: /*i18n*/ {
    id: 'If it was you, sign in with your password. If you no longer know it, ask for a temporary password on the sign-in page:',
  },
  registerTakenIgnore: /*i18n*/ {
    id: 'If it was not you, ignore this mail: your account and your password stay as they are.',
  },
  // An identity provider's sign-in that brought no verified email (issue 36): the code proves the one the driver gave.
  openIdCodeIs: /*i18n*/ { id: 'Your Forecourt Pay code is: {code}' },
  openIdCodeUse: /*i18n*/ {
    id: 'Enter it in the app to confirm this email for your sign-in. It is valid for {minutes} minutes.',
  },
} as const;

export type MailMessage = (typeof MAIL)[keyof typeof MAIL];
