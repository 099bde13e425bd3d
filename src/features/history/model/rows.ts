// What a history row shows (shell-and-account.md §2.4: icon, title, amount, date) and the month groups of the list,
// flattened for the virtual list. Pure.
import type { CostCategory, HistoryEvent } from '../../../../contract/history';
import { fromDeciCents, type Money } from '../../../../contract/money';

/** The money of an event: a payment's total, a cost's price; trips have none. */
export function eventAmount(event: HistoryEvent): Money | null {
  if (event.payment) return event.payment.total;
  if (event.cost) return fromDeciCents(event.cost.price, event.cost.currency);
  return null;
}

export type EventIcon = 'fuel' | 'ev' | 'wash' | 'gift' | 'trip' | 'parking' | 'repair' | 'document' | 'cost';

const CATEGORY_ICON: Partial<Record<CostCategory, EventIcon>> = {
  FUEL_TOP_UP: 'fuel',
  EV_CHARGE: 'ev',
  CAR_WASH: 'wash',
  GIFT_CARD: 'gift',
  PARKING: 'parking',
  REPAIR: 'repair',
  CAR_PARTS: 'repair',
  CAR_CARE: 'wash',
  TAX: 'document',
  INSURANCE: 'document',
  LEASING: 'document',
  SUBSCRIPTION: 'document',
};

export function eventIcon(event: HistoryEvent): EventIcon {
  if (event.type === 'TRIP') return 'trip';
  const category = event.payment?.category ?? event.cost?.category;
  return (category && CATEGORY_ICON[category]) || 'cost';
}

export function eventCategory(event: HistoryEvent): CostCategory | null {
  return event.payment?.category ?? event.cost?.category ?? null;
}

/** "2026-05" in the device's time zone (the driver's months). */
export function monthOf(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export type ListRow<E> = { kind: 'month'; month: string; key: string } | { kind: 'event'; item: E; key: string };

/** Events (newest first) with a month heading before each month's first one. */
export function withMonthHeadings<E extends { id: string; time: number }>(items: E[]): ListRow<E>[] {
  const rows: ListRow<E>[] = [];
  let month = '';
  for (const item of items) {
    const m = monthOf(item.time);
    if (m !== month) {
      rows.push({ kind: 'month', month: m, key: `month-${m}` });
      month = m;
    }
    rows.push({ kind: 'event', item, key: item.id });
  }
  return rows;
}
