// The ONE discount engine (issue 13): which of a driver's voucher cards apply to a purchase, and how much each takes
// off. The preview (POST v4/vouchers/discount-preview) and the capture of an order (apply-order-discounts.ts) both
// call `computeDiscounts`, with the same inputs, so what the summary promises is what the receipt shows. Pure.
import type { DiscountKind, VoucherProductType } from '../../../contract/vouchers';

/** A voucher card as the engine sees it. */
export type EngineVoucher = {
  participationId: string;
  campaignId: string;
  name: string;
  label: string;
  kind: DiscountKind;
  /** PER_UNIT: minor units per litre/kWh; PERCENT: basis points; FIXED: minor units. */
  value: number;
  currency: string | null;
  /** PER_UNIT and FIXED: the value in other currencies than `currency` (minor units). */
  valuesByCurrency?: Readonly<Record<string, number>> | null;
  /** What PER_UNIT counts: 'l' or 'kWh' (for the label in another currency). */
  unit?: string;
  productTypes: readonly VoucherProductType[];
  active: boolean;
  usesLeft: number | null;
  validUntil: Date | null;
  createdAt: Date;
};

export type Purchase = {
  productType: VoucherProductType;
  currency: string;
  /** The price before discounts, minor units at precision 2. */
  amount: number;
  /** Litres or kWh in thousandths (ml, Wh). */
  quantityMilli: number;
};

export type DiscountLine = {
  participationId: string;
  campaignId: string;
  name: string;
  label: string;
  amount: number;
};

export type DiscountResult = { lines: DiscountLine[]; discount: number; totalAfterDiscounts: number };

/** The card's value in the purchase's currency: PERCENT in any; PER_UNIT and FIXED in theirs or one they list. */
export function valueIn(
  voucher: Pick<EngineVoucher, 'kind' | 'value' | 'currency' | 'valuesByCurrency'>,
  currency: string,
): number | null {
  if (voucher.kind === 'PERCENT' || voucher.currency === currency) return voucher.value;
  return voucher.valuesByCurrency?.[currency] ?? null;
}

/** Does the card apply to this purchase at `now`? Active, uses left, still valid, the product and the currency. */
export function applies(voucher: EngineVoucher, purchase: Purchase, now: Date): boolean {
  if (!voucher.active) return false;
  if (voucher.usesLeft !== null && voucher.usesLeft <= 0) return false;
  if (voucher.validUntil && voucher.validUntil.getTime() <= now.getTime()) return false;
  if (!voucher.productTypes.includes(purchase.productType)) return false;
  if (valueIn(voucher, purchase.currency) === null) return false;
  return true;
}

/** What one card takes off the purchase on its own (before the cap at what is left to pay). Rounded down. */
export function rawDiscount(voucher: Pick<EngineVoucher, 'kind' | 'value'>, purchase: Purchase): number {
  switch (voucher.kind) {
    case 'PER_UNIT':
      return Math.floor((voucher.value * purchase.quantityMilli) / 1000);
    case 'PERCENT':
      return Math.floor((purchase.amount * voucher.value) / 10_000);
    case 'FIXED':
      return voucher.value;
  }
}

/**
 * The discounts of a purchase: the applicable cards oldest first, each capped at what is still to pay, so the total
 * never goes below zero; cards that would take nothing are left out (and keep their uses).
 */
export function computeDiscounts(vouchers: readonly EngineVoucher[], purchase: Purchase, now: Date): DiscountResult {
  const ordered = vouchers
    .filter((v) => applies(v, purchase, now))
    .sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.participationId.localeCompare(b.participationId),
    );
  const lines: DiscountLine[] = [];
  let left = Math.max(0, purchase.amount);
  for (const v of ordered) {
    const value = valueIn(v, purchase.currency) ?? 0;
    const amount = Math.min(left, Math.max(0, rawDiscount({ kind: v.kind, value }, purchase)));
    if (amount <= 0) continue;
    left -= amount;
    // In another currency than the card's own, the label says that currency's value ("0.40 DKK/l").
    const label =
      v.kind === 'PERCENT' || v.currency === purchase.currency
        ? v.label
        : discountLabel(v.kind, value, purchase.currency, v.unit);
    lines.push({ participationId: v.participationId, campaignId: v.campaignId, name: v.name, label, amount });
  }
  const discount = lines.reduce((a, l) => a + l.amount, 0);
  return { lines, discount, totalAfterDiscounts: purchase.amount - discount };
}

/** The short label of a discount, e.g. "5 ct/l", "0.40 DKK/l", "10 %", "2.00 EUR" (stored with the campaign). */
export function discountLabel(kind: DiscountKind, value: number, currency: string | null, unit = 'l'): string {
  if (kind === 'PERCENT') return `${(value / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
  if (kind === 'PER_UNIT') {
    return !currency || currency === 'EUR' ? `${value} ct/${unit}` : `${(value / 100).toFixed(2)} ${currency}/${unit}`;
  }
  return `${(value / 100).toFixed(2)} ${currency ?? ''}`.trim();
}

/** Product type of a station product's facility. */
export function productTypeOf(facility: string): VoucherProductType | null {
  if (facility === 'PUMP') return 'GAS';
  if (facility === 'WASH') return 'CAR_WASH';
  if (facility === 'CHARGER') return 'EV_CHARGE';
  return null;
}
