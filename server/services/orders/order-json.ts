// The wire form of an order (contract `order`), from its row and its ledger. Pure.
import type { OrderCharge } from '../../../contract/ev';
import type { LedgerEntry, Order, OrderPrice } from '../../../contract/orders';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/plain/stations';
import type { Currency } from '../../../contract/stations';
import type { OrderRow } from '../../db/schema';
import { AMOUNT_PRECISION } from '../forecourt';
import { POLL_INTERVAL_MS } from './constants';

export type LedgerJson = {
  kind: LedgerEntry['kind'];
  amount: number;
  currency: string;
  precision: number;
  createdAt: string | Date;
  reference: string | null;
};

/** A wash code as the order query aggregates it (timestamps arrive as strings). */
export type CodeJson = { id: string; code: string; expiresAt: string | Date; usedAt: string | Date | null };

/** A voucher discount of the order (order_discounts), minor units at the amount precision. */
export type DiscountJson = { campaignId: string; name: string; label: string; amount: number };

/** A loyalty item of the order (order_loyalty_items): points of this order and the card's total after it. */
export type LoyaltyItemJson = { programName: string; amount: number; totalAmount: number };

export type OrderExtras = {
  loyaltyItems?: LoyaltyItemJson[];
  codes?: CodeJson[];
  descriptionLines?: string[] | null;
  charge?: OrderCharge | null;
  discounts?: DiscountJson[];
};

const isProductType = (type: string | null): type is ProductType =>
  (PRODUCT_TYPES as readonly (string | null)[]).includes(type);

const sum = (ledger: LedgerJson[], kinds: LedgerEntry['kind'][]) =>
  ledger.filter((l) => kinds.includes(l.kind)).reduce((a, l) => a + l.amount, 0);

export function toOrderJson(row: OrderRow, ledgerRows: LedgerJson[], extras: OrderExtras = {}): Order {
  const currency = row.currency as Currency;
  const price = (amount: number): OrderPrice => ({ amount, currency, precision: AMOUNT_PRECISION });
  const ledger: LedgerEntry[] = ledgerRows.map((l) => ({
    kind: l.kind,
    amount: l.amount,
    currency: l.currency as Currency,
    precision: l.precision,
    createdAt: new Date(l.createdAt).toISOString(),
    ...(l.reference ? { reference: l.reference } : {}),
  }));
  const has = (kind: LedgerEntry['kind']) => ledger.some((l) => l.kind === kind);
  const total = row.totalAmount === null ? null : price(row.totalAmount);
  const discounts = extras.discounts ?? [];
  const discount = discounts.reduce((a, d) => a + d.amount, 0);
  const codes = (extras.codes ?? []).map((c) => ({
    _id: c.id,
    code: c.code,
    expirationDate: new Date(c.expiresAt).toISOString(),
    isRedeemed: c.usedAt !== null,
  }));
  const descriptionLines = extras.descriptionLines ?? null;
  return {
    _id: row.id,
    state: row.state,
    type: 'MANUAL',
    orderType: row.orderType,
    poiId: row.poiId,
    thingId: row.thingId,
    stateHistory: row.stateHistory,
    authorizePrice: row.authorizeAmount === null ? null : price(row.authorizeAmount),
    totalBeforeDiscounts: total,
    totalAfterDiscounts: total ? price(total.amount - discount) : null,
    loyaltyItems: extras.loyaltyItems ?? [],
    vouchers: discounts.map((d) => ({
      id: d.campaignId,
      name: d.name,
      label: d.label,
      paymentAttributes: { totalPrice: price(d.amount) },
    })),
    products: [
      {
        _id: row.productId,
        name: row.productName,
        ...(isProductType(row.productType) ? { type: row.productType } : {}),
        ...(row.itemCode ? { fuelType: { fuelTypeId: row.itemCode, name: row.itemName ?? row.itemCode } } : {}),
        ...(row.productType === 'GIFT_CARD' && codes[0] && total
          ? {
              // The card's value; its balance is spent once the code is redeemed (PATCH /v4/redemption-codes).
              giftCard: {
                code: codes[0].code,
                expirationDate: codes[0].expirationDate,
                amount: total,
                balance: price(codes[0].isRedeemed ? 0 : total.amount),
              },
            }
          : {}),
        ...(codes.length > 0 && row.productType !== 'GIFT_CARD'
          ? {
              redemptionCodes: codes,
              additionalDisplays: codes.map((c) => ({ type: 'QR' as const, code: c.code, redemptionCodeId: c._id })),
            }
          : {}),
        attributes: {
          paymentAttributes: {
            ...(total ? { totalPrice: total } : {}),
            ...(row.unitPrice !== null && row.unitPrecision !== null
              ? { unitPrice: { amount: row.unitPrice, currency, precision: row.unitPrecision } }
              : {}),
            ...(row.quantityMl !== null ? { quantity: row.quantityMl / 1000 } : {}),
            ...(row.unit ? { unit: row.unit } : {}),
            ...(descriptionLines && descriptionLines.length > 0 ? { descriptionLines } : {}),
          },
        },
      },
    ],
    error: row.errorMessage ? { message: row.errorMessage } : null,
    userInteraction: row.userInteractionUrl ? { isRequired: true, urls: { start: row.userInteractionUrl } } : null,
    pollIntervalMs: POLL_INTERVAL_MS,
    payment: row.paymentMethodId
      ? {
          paymentMethodId: row.paymentMethodId,
          ...(row.paymentBrand ? { brand: row.paymentBrand } : {}),
          ...(row.paymentLast4 ? { last4: row.paymentLast4 } : {}),
          held: has('HOLD') ? price(sum(ledgerRows, ['HOLD'])) : null,
          captured: has('CAPTURE') ? price(sum(ledgerRows, ['CAPTURE'])) : null,
          // A void gives the whole hold back: it counts as released.
          released: has('RELEASE') || has('VOID') ? price(sum(ledgerRows, ['RELEASE', 'VOID'])) : null,
          ledger,
        }
      : null,
    initiatedByPartner: row.initiatedByPartner,
    ...(extras.charge !== undefined ? { charge: extras.charge } : row.charge ? { charge: row.charge } : {}),
    ...(row.costLimit !== null ? { costLimit: { amount: row.costLimit, currency, precision: 2 } } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
