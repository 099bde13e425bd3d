// Every user-facing string is in all nine catalogs, really translated, with the same placeholders as the English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/language';

type Entry = { msgid: string; msgstr: string };

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l) as string).join('');
}

function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => !l.startsWith('#'));
    let field: 'msgid' | 'msgstr' | null = null;
    const parts: Record<'msgid' | 'msgstr', string[]> = { msgid: [], msgstr: [] };
    for (const line of lines) {
      const m = /^(msgid|msgstr) (".*")$/.exec(line);
      if (m) {
        field = m[1] as 'msgid' | 'msgstr';
        parts[field].push(m[2]!);
      } else if (field && line.startsWith('"')) parts[field].push(line);
    }
    if (parts.msgid.length) entries.push({ msgid: unquote(parts.msgid), msgstr: unquote(parts.msgstr) });
  }
  return entries.filter((e) => e.msgid !== '');
}

// The main catalog and the account area's (loaded when an account page opens): both complete in every language.
const CATALOGS = ['messages.po', 'account.po'];
const catalog = (language: string) =>
  CATALOGS.flatMap((file) => parsePo(readFileSync(join(process.cwd(), 'src/locales', language, file), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{[^}]+\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort();

const source = catalog('en');

describe('catalogs', () => {
  it('the English catalog holds the messages', () => {
    expect(source.length).toBeGreaterThan(100);
    expect(source.map((e) => e.msgid)).toEqual(
      expect.arrayContaining([
        'The {field} field is required',
        'The {field} field format is invalid',
        "Username and/or password are wrong. Maybe you didn't create an account.",
        'Your login is invalid, please login again',
        'The password you entered is incorrect',
        'You are offline',
        'There was an error. Please try again later!',
      ]),
    );
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every message is translated with the same placeholders`, () => {
      const entries = new Map(catalog(language).map((e) => [e.msgid, e.msgstr]));
      for (const { msgid } of source) {
        const msgstr = entries.get(msgid);
        expect(msgstr, `${language}: ${msgid}`).toBeTruthy();
        expect(placeholders(msgstr!), `${language}: ${msgid}`).toEqual(placeholders(msgid));
      }
    });
  }

  it('a translation is not just the English copied over (German spot check)', () => {
    const de = new Map(catalog('de').map((e) => [e.msgid, e.msgstr]));
    const same = source.filter((e) => de.get(e.msgid) === e.msgid).length;
    expect(same / source.length).toBeLessThan(0.1);
  });
});
