import { describe, expect, it } from 'vitest';
import { MAIL, MAIL_LOCALES, mailHtml, mailI18n, mailLocale } from '../../server/mail/i18n';

describe('mail languages', () => {
  it("takes the account's language, else the request's, else English", () => {
    expect(mailLocale({ userLanguage: 'de', acceptLanguage: 'fr-FR' })).toBe('de');
    expect(mailLocale({ userLanguage: 'pt-PT' })).toBe('pt');
    expect(mailLocale({ userLanguage: 'xx', acceptLanguage: 'xx, pl;q=0.8, fr;q=0.5' })).toBe('pl');
    expect(mailLocale({ userLanguage: null, acceptLanguage: 'nl-NL' })).toBe('nl');
    expect(mailLocale({ acceptLanguage: 'ja' })).toBe('en');
    expect(mailLocale({})).toBe('en');
  });

  it('translates every mail string in all nine languages and fills the placeholders', () => {
    for (const locale of MAIL_LOCALES) {
      const { t } = mailI18n(locale);
      for (const message of Object.values(MAIL)) {
        const text = t(message, { name: 'Ana', password: 'Xy12', minutes: 30, code: '123456', filename: 'f.json' });
        expect(text).not.toMatch(/\{\w+\}/);
        if (locale !== 'en' && !['Hello,', 'Hello {name},'].includes(message.id)) expect(text).not.toBe(message.id);
      }
    }
    expect(mailI18n('de').t(MAIL.tempPasswordSubject)).toBe('Ihr vorläufiges Forecourt-Pay-Passwort');
    expect(mailI18n('fr').t(MAIL.codeSubject, { code: '042' })).toBe('Votre code Forecourt Pay : 042');
    expect(mailI18n('klingon').locale).toBe('en');
  });

  it('writes HTML in the mail language without images', () => {
    const html = mailHtml({ locale: 'da', title: 'T <1>', paragraphs: ['<strong>a</strong>'] });
    expect(html).toContain('<html lang="da">');
    expect(html).toContain('<title>T &lt;1&gt;</title>');
    expect(html).not.toMatch(/<img|url\(/);
  });
});
