// The history as CSV for spreadsheet apps (issue 14): the locale's decimal separator, with ";" between fields where
// the decimal separator is a comma (de, fr, …) and "," elsewhere; dates in ISO and in the locale's form; UTF-8 with a
// byte-order mark so Excel reads the umlauts. Pure (papaparse writes the quoting).
import Papa from 'papaparse';
import type { HistoryEvent } from '../../../../contract/history';
import { toDecimal } from '../../../../contract/money';
import { decimalSeparator } from './cost-form';
import { eventAmount, eventCategory } from './rows';

export const BOM = '\uFEFF';

/**
 * A text cell a spreadsheet will not run (issue 32, finding 12): one that starts with = + - @, a tab or a carriage
 * return gets a leading apostrophe, which spreadsheets show as text. A cell that is only a number ("-12.5") is left as
 * it is: it computes nothing, and a negative amount must stay a number. Numeric columns are written by us, never escaped.
 */
export function spreadsheetText(text: string): string {
  // A text that already starts with apostrophes before such a sign gets one more, so reading it back (one apostrophe
  // dropped) gives what was typed.
  if (!/^'*[=+\-@\t\r]/.test(text)) return text;
  if (/^[+-]?\d+([.,]\d+)?$/.test(text)) return text;
  return `'${text}`;
}

export function csvDialect(locale: string): { delimiter: ';' | ','; decimal: string } {
  const decimal = decimalSeparator(locale);
  return { decimal, delimiter: decimal === ',' ? ';' : ',' };
}

export type CsvWords = {
  headers: [string, string, string, string, string, string, string, string, string, string, string, string];
  type: (event: HistoryEvent) => string;
  category: (event: HistoryEvent) => string;
  title: (event: HistoryEvent) => string;
};

export function historyCsv(events: HistoryEvent[], locale: string, words: CsvWords, timeZone?: string): string {
  const { delimiter } = csvDialect(locale);
  // One formatter per number of digits: building an Intl.NumberFormat per cell made 10,000 rows take seconds.
  const formats = new Map<number, Intl.NumberFormat>();
  const number = (n: number | null, digits: number) => {
    if (n === null) return '';
    let format = formats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        useGrouping: false,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      formats.set(digits, format);
    }
    return format.format(n);
  };
  const local = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  const rows = events.map((e) => {
    const amount = eventAmount(e);
    const litres =
      e.cost?.fuelQuantity != null ? e.cost.fuelQuantity / 10 : e.payment?.unit === 'LTR' ? e.payment.quantity : null;
    const odometer = e.cost?.odometer ?? e.payment?.odometer ?? null;
    return [
      e.sampleTime,
      local.format(new Date(e.sampleTime)),
      spreadsheetText(words.type(e)),
      eventCategory(e) ? spreadsheetText(words.category(e)) : '',
      spreadsheetText(words.title(e)),
      amount ? number(toDecimal(amount.amount, amount.precision), amount.precision) : '',
      amount?.currency ?? '',
      number(litres, 2),
      number(odometer === null ? null : odometer / 1000, 1),
      number(e.trip ? e.trip.distanceM / 1000 : null, 1),
      spreadsheetText(e.payment?.stationName ?? e.trip?.startAddress ?? ''),
      spreadsheetText(e.cost?.notes ?? ''),
    ];
  });
  return BOM + Papa.unparse({ fields: words.headers, data: rows }, { delimiter, newline: '\r\n', quotes: false });
}
