// The history list's filters, kept in the URL (shell-and-account.md §2.4 "filter by type, vehicle, product type and
// period"): what /history's validateSearch reads. A value the app does not know is dropped, not an error.

import { PRODUCT_TYPES } from '../../../../contract/plain/stations';
import { type Infer, looseSearchObject, oneOf, text } from '../../../lib/search-schema';

/** The type filter: the three kinds, and manual entries (triggerEventTypeAtSource=MANUAL). */
export const TYPE_FILTERS = ['PAYMENT', 'COST', 'TRIP', 'MANUAL'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** The list's periods, back from today. */
export const LIST_PERIODS = ['1m', '3m', '6m', '1y'] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];

/** The transactions overview's periods (§9 "Statistics periods: 1 month, 6 months, 1 year"). */
export const STATISTICS_PERIODS = ['1m', '6m', '1y'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

const id = text({ min: 1, max: 64 });

export const historySearch = looseSearchObject({
  type: oneOf(TYPE_FILTERS),
  vehicle: id,
  product: oneOf(PRODUCT_TYPES),
  period: oneOf(LIST_PERIODS),
});
export type HistorySearch = Infer<typeof historySearch>;
export type HistoryFilters = Pick<HistorySearch, 'type' | 'vehicle' | 'product' | 'period'>;

export const overviewSearch = looseSearchObject({
  period: oneOf(STATISTICS_PERIODS),
  vehicle: id,
});
