// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Every user-facing string is in all nine catalogs, really translated, with the same placeholders as the English.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/language';

type Entry = { msgctxt: string; msgid: string; msgstr: string };

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l) as string).join('');
}

function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => !l.startsWith('#'));
    let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
    const parts: Record<'msgctxt' | 'msgid' | 'msgstr', string[]> = { msgctxt: [], msgid: [], msgstr: [] };
    for (const line of lines) {
      const m = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
      if (m) {
        field = m[1] as 'msgctxt' | 'msgid' | 'msgstr';
        parts[field].push(m[2]!);
      } else if (field && line.startsWith('"')) parts[field].push(line);
    }
    if (parts.msgid.length) {
      entries.push({ msgctxt: unquote(parts.msgctxt), msgid: unquote(parts.msgid), msgstr: unquote(parts.msgstr) });
    }
  }
  return entries.filter((e) => e.msgid !== '');
}

// Every catalog of a language (shell.po and one per area, lingui.config.ts).
const catalog = (language: string) => {
  const dir = join(process.cwd(), 'src/locales', language);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.po'))
    .flatMap((file) => parsePo(readFileSync(join(dir, file), 'utf8')));
};
/**
 * The placeholders of a message, sorted: {name}, <0>…</0>, and for an ICU plural its variable and what its branches
 * hold ("#", {name}) — a language may have more branches than English (Polish: one, few, many, other).
 */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  const walk = (s: string) => {
    for (const tag of s.matchAll(/<\/?\d+\/?>/g)) found.add(tag[0]);
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '{') continue;
      let depth = 0;
      let j = i;
      for (; j < s.length; j++) {
        if (s[j] === '{') depth++;
        else if (s[j] === '}' && --depth === 0) break;
      }
      const inner = s.slice(i + 1, j);
      const plural = /^(\w+),\s*(plural|select|selectordinal),/.exec(inner);
      if (!plural) found.add(`{${inner}}`);
      else {
        found.add(`{${plural[1]}, ${plural[2]}}`);
        for (const branch of inner.slice(plural[0].length).matchAll(/\{((?:[^{}]|\{[^{}]*\})*)\}/g)) {
          const body = branch[1] ?? '';
          if (body.includes('#')) found.add('#');
          walk(body);
        }
      }
      i = j;
    }
  };
  walk(text);
  return [...found].sort();
}

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

  // A string used in files of two areas is in both catalogs: one translation, or a driver reads two.
  for (const language of LANGUAGES) {
    it(`${language}: a string in several catalogs is translated the same in each`, () => {
      const first = new Map<string, string>();
      for (const { msgctxt, msgid, msgstr } of catalog(language)) {
        const key = `${msgctxt}\u0004${msgid}`;
        expect(msgstr, `${language}: ${msgid}`).toBe(first.get(key) ?? msgstr);
        first.set(key, msgstr);
      }
    });
  }

  it('a translation is not just the English copied over (German spot check)', () => {
    const de = new Map(catalog('de').map((e) => [e.msgid, e.msgstr]));
    const same = source.filter((e) => de.get(e.msgid) === e.msgid).length;
    expect(same / source.length).toBeLessThan(0.1);
  });
});
