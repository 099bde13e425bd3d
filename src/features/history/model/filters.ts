// The list's filters as the server's query and as a test on a kept event (the list opens from the device without
// signal, so the same filter runs on both sides). Periods are calendar months back from now.
import type { HistoryEvent, HistoryType } from '../../../../contract/history';
import type { HistoryFilters, ListPeriod } from './search';

export type { HistoryFilters };

const MONTHS: Record<ListPeriod, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 };

/** The start of a period that ends now: the same day and time, `months` months back (month ends clamp). */
export function monthsBack(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return d;
}

export function periodStart(period: ListPeriod | undefined, now: Date): Date | null {
  return period ? monthsBack(now, MONTHS[period]) : null;
}

export type ApiHistoryQuery = {
  types?: string;
  vehicleId?: string;
  productTypes?: string;
  triggerEventTypeAtSource?: 'MANUAL';
  from?: string;
};

export function toApiQuery(filters: HistoryFilters, now: Date): ApiHistoryQuery {
  const q: ApiHistoryQuery = {};
  if (filters.type === 'MANUAL') {
    q.types = 'COST';
    q.triggerEventTypeAtSource = 'MANUAL';
  } else if (filters.type) q.types = filters.type;
  if (filters.vehicle) q.vehicleId = filters.vehicle;
  if (filters.product) q.productTypes = filters.product;
  const from = periodStart(filters.period, now);
  if (from) q.from = from.toISOString();
  return q;
}

/** Whether a kept event passes the filters (the server's rule, on the device). */
export function matches(event: HistoryEvent, filters: HistoryFilters, now: Date): boolean {
  const types: HistoryType[] | null = filters.type === 'MANUAL' ? ['COST'] : filters.type ? [filters.type] : null;
  if (types && !types.includes(event.type)) return false;
  if (filters.type === 'MANUAL' && event.triggerEventTypeAtSource !== 'MANUAL') return false;
  if (filters.vehicle && event.thingId !== filters.vehicle) return false;
  if (filters.product && event.payment?.productType !== filters.product) return false;
  const from = periodStart(filters.period, now);
  if (from && Date.parse(event.sampleTime) < from.getTime()) return false;
  return true;
}

/** One key per filter combination (its "last synced" time). */
export function filterKey(filters: HistoryFilters): string {
  return [filters.type ?? '', filters.vehicle ?? '', filters.product ?? '', filters.period ?? ''].join('|');
}

export function hasFilters(filters: HistoryFilters): boolean {
  return !!(filters.type || filters.vehicle || filters.product || filters.period);
}
