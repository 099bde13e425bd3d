// The invoice of a paid order as a PDF (pdf-lib, standard Helvetica: no font files to ship). Labels in English or
// German (the request's X-Locale); amounts formatted for that locale. Text the standard font cannot draw (ł, ő …)
// is written without its accent rather than dropped.
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { PaymentFields } from '../../../contract/history';
import { toDecimal } from '../../../contract/money';
import { splitGross, VAT_BASIS_POINTS } from './vat';

export type InvoiceData = {
  number: string;
  issuedAt: Date;
  paidAt: Date;
  payment: PaymentFields;
  buyer: { name: string | null; company: string | null; address: string[]; email: string | null; taxId: string | null };
  language: 'en' | 'de';
};

const LABELS = {
  en: {
    title: 'Invoice',
    number: 'Invoice no.',
    date: 'Invoice date',
    delivery: 'Date of supply',
    order: 'Order',
    seller: 'Seller',
    buyer: 'Bill to',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    discount: 'Discount',
    net: 'Net',
    vat: 'VAT',
    total: 'Total',
    paidWith: 'Paid with',
    taxId: 'Tax ID',
    note: 'Issued by Forecourt Pay on behalf of the station operator.',
    vatLine: (rate: string, net: string) => `VAT ${rate} on ${net}`,
    device: { GAS: 'Pump', EV_CHARGE: 'Charge point', CAR_WASH: 'Wash bay', GIFT_CARD: 'Shop' },
  },
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnr.',
    date: 'Rechnungsdatum',
    delivery: 'Lieferdatum',
    order: 'Auftrag',
    seller: 'Verkäufer',
    buyer: 'Rechnungsempfänger',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    discount: 'Rabatt',
    net: 'Netto',
    vat: 'MwSt.',
    total: 'Gesamt',
    paidWith: 'Bezahlt mit',
    taxId: 'Steuernummer',
    note: 'Ausgestellt von Forecourt Pay im Namen des Tankstellenbetreibers.',
    vatLine: (rate: string, net: string) => `MwSt. ${rate} auf ${net}`,
    device: { GAS: 'Zapfsäule', EV_CHARGE: 'Ladepunkt', CAR_WASH: 'Waschplatz', GIFT_CARD: 'Shop' },
  },
} as const;

const LOCALE = { en: 'en-GB', de: 'de-DE' } as const;
const UNIT: Record<string, string> = { LTR: 'l', KWH: 'kWh', KG: 'kg', COUNT: '×' };

/** What the standard font can draw: accents folded away, other characters replaced. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  const special: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ß: 'ß', '\u202f': ' ', '\u2009': ' ' };
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (supported.has(code)) out += ch;
    else if (special[ch] && supported.has(special[ch].codePointAt(0) ?? 0)) out += special[ch];
    else {
      const folded = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...folded].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? folded : '?';
    }
  }
  return out;
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const L = LABELS[data.language];
  const locale = LOCALE[data.language];
  const p = data.payment;
  const currency = p.total.currency;
  const fmtMoney = (amount: number, precision: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: Math.min(precision, 3),
      maximumFractionDigits: Math.min(precision, 3),
    }).format(toDecimal(amount, precision));
  const fmtDate = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
  const fmtNumber = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${L.title} ${data.number}`);
  pdf.setAuthor('Forecourt Pay');
  pdf.setCreationDate(data.issuedAt);
  pdf.setModificationDate(data.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.14);
  const muted = rgb(0.38, 0.4, 0.44);
  const left = 50;
  const right = 545;
  let y = 790;
  const text = (
    s: string,
    x: number,
    opts: { font?: PDFFont; size?: number; color?: typeof ink; alignRight?: boolean } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const safe = drawable(font, s);
    const at = opts.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: opts.color ?? ink });
  };
  const rule = () =>
    page.drawLine({ start: { x: left, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: muted });

  text(L.title, left, { font: bold, size: 22 });
  text('Forecourt Pay', right, { font: bold, size: 12, alignRight: true });
  y -= 30;
  for (const [label, value] of [
    [L.number, data.number],
    [L.date, fmtDate(data.issuedAt)],
    [L.delivery, fmtDate(data.paidAt)],
    [L.order, p.orderId],
  ] as const) {
    text(label, left, { color: muted });
    text(value, left + 110);
    y -= 14;
  }

  y -= 14;
  const top = y;
  text(L.seller, left, { font: bold });
  y -= 14;
  for (const line of [p.stationBrand, p.stationName, p.stationAddress, p.countryCode].filter(Boolean) as string[]) {
    text(line, left);
    y -= 13;
  }
  const sellerEnd = y;
  y = top;
  const buyerX = 320;
  text(L.buyer, buyerX, { font: bold });
  y -= 14;
  const b = data.buyer;
  for (const line of [b.company, b.name, ...b.address, b.email, b.taxId ? `${L.taxId}: ${b.taxId}` : null].filter(
    Boolean,
  ) as string[]) {
    text(line, buyerX);
    y -= 13;
  }
  y = Math.min(y, sellerEnd) - 24;

  const cols = { qty: 330, unit: 430, amount: right };
  text(L.description, left, { font: bold });
  text(L.quantity, cols.qty, { font: bold, alignRight: true });
  text(L.unitPrice, cols.unit, { font: bold, alignRight: true });
  text(L.amount, cols.amount, { font: bold, alignRight: true });
  y -= 6;
  rule();
  y -= 14;
  const device = `${L.device[p.productType]} ${p.pump}`;
  const description = p.fuelName ? `${p.fuelName} · ${device}` : device;
  text(description, left);
  if (p.quantity !== null) {
    text(
      `${fmtNumber(p.quantity, p.unit === 'COUNT' ? 0 : 2)} ${UNIT[p.unit ?? ''] ?? p.unit ?? ''}`.trim(),
      cols.qty,
      {
        alignRight: true,
      },
    );
  }
  if (p.unitPrice) text(fmtMoney(p.unitPrice.amount, p.unitPrice.precision), cols.unit, { alignRight: true });
  text(fmtMoney(p.amount.amount, p.amount.precision), cols.amount, { alignRight: true });
  y -= 16;
  for (const d of p.discounts) {
    text(`${L.discount}: ${d.name}`, left);
    text(`−${fmtMoney(d.amount.amount, d.amount.precision)}`, cols.amount, { alignRight: true });
    y -= 16;
  }
  rule();
  y -= 14;

  const basisPoints = VAT_BASIS_POINTS[p.countryCode ?? ''] ?? 0;
  const { net, vat } = splitGross(p.total.amount, basisPoints);
  const rate = `${fmtNumber(basisPoints / 100, basisPoints % 100 === 0 ? 0 : 1)} %`;
  const totals: Array<[string, string, PDFFont]> = [
    [L.net, fmtMoney(net, p.total.precision), regular],
    [L.vatLine(rate, fmtMoney(net, p.total.precision)), fmtMoney(vat, p.total.precision), regular],
    [L.total, fmtMoney(p.total.amount, p.total.precision), bold],
  ];
  for (const [label, value, font] of totals) {
    text(label, cols.unit, { font, alignRight: true });
    text(value, cols.amount, { font, alignRight: true });
    y -= 16;
  }

  y -= 20;
  if (p.paymentMethod) {
    const card = [p.paymentMethod.brand, p.paymentMethod.last4 ? `•••• ${p.paymentMethod.last4}` : null]
      .filter(Boolean)
      .join(' ');
    text(`${L.paidWith} ${card}`, left);
    y -= 16;
  }
  text(L.note, left, { color: muted, size: 9 });
  return pdf.save({ useObjectStreams: false });
}
