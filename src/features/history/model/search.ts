// The history list's filters, kept in the URL (shell-and-account.md §2.4 "filter by type, vehicle, product type and
// period"): what /history's validateSearch reads. A value the app does not know is dropped, not an error.
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../../contract/stations';

/** The type filter: the three kinds, and manual entries (triggerEventTypeAtSource=MANUAL). */
export const TYPE_FILTERS = ['PAYMENT', 'COST', 'TRIP', 'MANUAL'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** The list's periods, back from today. */
export const LIST_PERIODS = ['1m', '3m', '6m', '1y'] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];

/** The transactions overview's periods (§9 "Statistics periods: 1 month, 6 months, 1 year"). */
export const STATISTICS_PERIODS = ['1m', '6m', '1y'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

const id = z.string().min(1).max(64).optional().catch(undefined);

export const historySearch = z.looseObject({
  type: z.enum(TYPE_FILTERS).optional().catch(undefined),
  vehicle: id,
  product: z.enum(PRODUCT_TYPES).optional().catch(undefined),
  period: z.enum(LIST_PERIODS).optional().catch(undefined),
});
export type HistorySearch = z.output<typeof historySearch>;
export type HistoryFilters = Pick<HistorySearch, 'type' | 'vehicle' | 'product' | 'period'>;

export const overviewSearch = z.looseObject({
  period: z.enum(STATISTICS_PERIODS).optional().catch(undefined),
  vehicle: id,
});
