// `npm run i18n:extract`: extracts the catalogs (lingui extract --clean) and carries every translation along with its
// string. Before extracting it reads the msgstr of every .po file of each language — the configured catalogs and any
// other one, such as the former single `messages.po` a merge may bring back with new strings — and afterwards fills
// each empty msgstr of a configured catalog with the translation that string had anywhere (moved from one area's
// catalog to another when a file starts being used elsewhere, lingui.config.ts). Files that are not catalogs any more
// are deleted once read. Rerunnable: a second run changes nothing. Prints what is still untranslated, and a string
// whose copies (in several catalogs) disagree.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from '../src/i18n/catalog-area.ts';
import { OWN_CATALOGS } from './catalog-areas.ts';

// `mail`: the server's mails; OWN_CATALOGS: a feature's own (lingui.config.ts).
const CATALOGS = ['shell', ...AREAS, 'mail', ...Object.keys(OWN_CATALOGS)].map((name) => `${name}.po`);
const SOURCE = 'en';
const dir = join(import.meta.dirname, '../src/locales');

type Entry = { key: string; msgstr: string; line: number };
/** The entries of a .po file: single-line msgctxt/msgid/msgstr (format-po writes no wrapped lines but the header). */
export function parsePo(text: string): { lines: string[]; entries: Entry[] } {
  const lines = text.split('\n');
  const entries: Entry[] = [];
  let ctxt: string | null = null;
  let id: string | null = null;
  lines.forEach((line, index) => {
    if (line.startsWith('msgctxt ')) ctxt = JSON.parse(line.slice(8)) as string;
    else if (line.startsWith('msgid ')) id = JSON.parse(line.slice(6)) as string;
    else if (line.startsWith('msgstr ') && id !== null) {
      if (id !== '') entries.push({ key: `${ctxt ?? ''}\u0004${id}`, msgstr: JSON.parse(line.slice(7)), line: index });
      ctxt = null;
      id = null;
    }
  });
  return { lines, entries };
}

const languages = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const poFiles = (language: string) => readdirSync(join(dir, language)).filter((file) => file.endsWith('.po'));

// 1. Every translation there is, by language (a configured catalog's first, then the others).
const known = new Map<string, Map<string, string>>();
for (const language of languages) {
  const translations = new Map<string, string>();
  const files = poFiles(language).sort((a, b) => Number(!CATALOGS.includes(a)) - Number(!CATALOGS.includes(b)));
  for (const file of files) {
    for (const { key, msgstr } of parsePo(readFileSync(join(dir, language, file), 'utf8')).entries) {
      if (msgstr && !translations.has(key)) translations.set(key, msgstr);
    }
  }
  known.set(language, translations);
}

// 2. Extract.
function lingui(...args: string[]): void {
  const result = spawnSync('npx', ['lingui', 'extract', ...args], { stdio: 'pipe', encoding: 'utf8' });
  if (result.status === 0) return;
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
lingui('--clean');

// 3. Fill what the extraction left empty; drop the files that are no catalog any more.
let moved = 0;
const missing: string[] = [];
const disagree: string[] = [];
for (const language of languages) {
  const translations = known.get(language)!;
  const seen = new Map<string, string>();
  for (const file of poFiles(language)) {
    const path = join(dir, language, file);
    if (!CATALOGS.includes(file)) {
      rmSync(path);
      console.log(`read and removed ${language}/${file} (not a catalog in lingui.config.ts)`);
      continue;
    }
    const { lines, entries } = parsePo(readFileSync(path, 'utf8'));
    for (const entry of entries) {
      let { msgstr } = entry;
      if (!msgstr && language !== SOURCE && translations.has(entry.key)) {
        msgstr = translations.get(entry.key)!;
        lines[entry.line] = `msgstr ${JSON.stringify(msgstr)}`;
        moved++;
      }
      const id = entry.key.split('\u0004')[1];
      if (!msgstr) missing.push(`${language}/${file}: ${id}`);
      const other = seen.get(entry.key);
      if (other !== undefined && other !== msgstr) disagree.push(`${language}: "${id}" is "${other}" and "${msgstr}"`);
      seen.set(entry.key, msgstr);
    }
    writeFileSync(path, lines.join('\n'));
  }
}
// Once more, so the files are as Lingui writes them (a catalog that gained translations gets its full header).
if (moved) lingui();
console.log(`${moved} translations carried over into their catalogs`);
if (missing.length) console.log(`untranslated, fill these msgstr:\n  ${missing.join('\n  ')}`);
if (disagree.length) console.log(`translated differently in two catalogs, make them one:\n  ${disagree.join('\n  ')}`);
