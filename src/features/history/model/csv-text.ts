// A fuel log's bytes as text and its text as records, the way real exports are written (issue 35): UTF-8 with or
// without a byte-order mark, or Windows-1252; CRLF, LF or a lone CR (classic Mac) between lines; cells quoted with `"`
// or, in some Spritmonitor exports, with `'`; a quote inside a quoted cell doubled or written `\"`; a quoted note that
// spans lines. Each record keeps the physical line it starts on, so an error names the line a text editor shows. Pure.

export type CsvRecord = { line: number; cells: string[] };

/**
 * UTF-8 (a byte-order mark is dropped), or Windows-1252 when the bytes are not valid UTF-8 (older Spritmonitor exports,
 * and any file a spreadsheet saved as "CSV (Windows)").
 */
export function decodeLog(bytes: ArrayBuffer | Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(view);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(view), encoding: 'windows-1252' };
  }
}

/** The separator of the header row: the one of `; , \t |` found most often outside quotes. */
export function guessDelimiter(firstLine: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ',' || c === '\t' || c === '|')) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [c, n] of counts) {
    if (n > most) {
      best = c;
      most = n;
    }
  }
  return best;
}

/**
 * Which quote the file uses: `'` when some cell of its first lines is wrapped in `'` and none in `"` (Spritmonitor's
 * `'EUR'`), else `"`. A lone apostrophe inside a text (`it's`) does not count: only a whole cell between two.
 */
export function guessQuote(sample: string, delimiter: string): '"' | "'" {
  const lines = sample.split(/\r\n|\n|\r/).slice(0, 20);
  let single = 0;
  let double = 0;
  for (const line of lines) {
    for (const cell of line.split(delimiter)) {
      const c = cell.trim();
      if (c.length >= 2 && c.startsWith("'") && c.endsWith("'")) single++;
      if (c.startsWith('"')) double++;
    }
  }
  return single > 0 && double === 0 ? "'" : '"';
}

/**
 * The records of a CSV text. A cell is quoted when it starts (after blanks) with the quote; inside it the quote is
 * written twice or escaped with a backslash, and line breaks belong to the cell. Every kind of line break ends a
 * record. Blank records are kept (with no cells but one empty one) so the caller can pass over them.
 */
export function readCsv(text: string, options: { delimiter: string; quote: '"' | "'" }): CsvRecord[] {
  const { delimiter, quote } = options;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < n) {
    // The start of a cell: blanks, then maybe a quote.
    let j = i;
    while (j < n && (text[j] === ' ' || text[j] === '\t') && text[j] !== delimiter) j++;
    if (text[j] === quote) {
      i = j + 1;
      for (;;) {
        if (i >= n) break;
        const c = text[i] as string;
        if (c === '\\' && text[i + 1] === quote) {
          cell += quote;
          i += 2;
        } else if (c === quote && text[i + 1] === quote) {
          cell += quote;
          i += 2;
        } else if (c === quote) {
          i++;
          break;
        } else {
          if (c === '\r' || c === '\n') {
            if (c === '\r' && text[i + 1] === '\n') {
              cell += '\n';
              i += 2;
            } else {
              cell += '\n';
              i++;
            }
            line++;
            continue;
          }
          cell += c;
          i++;
        }
      }
      // Anything between the closing quote and the separator (blanks, a stray letter) is kept as written.
      while (i < n && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] !== ' ') cell += text[i];
        i++;
      }
    } else {
      while (i < n && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') {
        cell += text[i];
        i++;
      }
    }
    if (i >= n) break;
    const c = text[i];
    if (c === delimiter) {
      cells.push(cell);
      cell = '';
      i++;
      // A separator at the very end of the text still opens an (empty) last cell.
      if (i >= n) break;
      continue;
    }
    // A line break: \r\n, \n or a lone \r.
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRecord();
    line++;
    start = line;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Whether a record holds nothing (a blank line, or only separators). */
export const isBlank = (record: CsvRecord) => record.cells.every((c) => c.trim() === '');
