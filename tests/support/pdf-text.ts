// The text a PDF draws, for tests: every content stream inflated, every shown string (pdf-lib writes `<hex> Tj` in
// WinAnsi for the standard fonts) decoded, one string per line. Enough to read our invoices back; not a PDF parser.
import { inflateSync } from 'node:zlib';

const WIN_ANSI: Record<number, string> = { 128: '€', 149: '•', 150: '–', 151: '—', 153: '™', 160: '\u00a0' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return out;
}

export function pdfText(pdf: Uint8Array): string {
  const buffer = Buffer.from(pdf);
  const latin = buffer.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(latin); match; match = streams.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let body = buffer.subarray(start, end);
    if (/\/FlateDecode/.test(match[1] ?? '')) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream we can read (fonts, images)
      }
    }
    for (const shown of body.toString('latin1').matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      lines.push(decodeHex((shown[1] ?? '').replace(/\s/g, '')));
    }
  }
  return lines.join('\n');
}
