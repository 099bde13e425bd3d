// Words for the logbook's codes (categories, kinds, recurrence, reach, periods), as Lingui descriptors translated
// where they are shown.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CostCategory, DeleteReach, HistoryEvent, RecurrencePeriod } from '../../../../contract/history';
import type { PRODUCT_TYPES } from '../../../../contract/plain/stations';

type ProductType = (typeof PRODUCT_TYPES)[number];

import type { ListPeriod, StatisticsPeriod, TypeFilter } from '../model/search';

/** A cost made without signal that waits in the outbox. */
export const PENDING_LABEL = msg`Waiting for signal`;

export const CATEGORY_LABELS: Record<CostCategory, MessageDescriptor> = {
  EV_CHARGE: msg`EV charging`,
  FUEL_TOP_UP: msg`Fuel`,
  CAR_WASH: msg`Car wash`,
  PARKING: msg`Parking`,
  CAR_CARE: msg`Car care`,
  CAR_PARTS: msg`Car parts`,
  REPAIR: msg`Repair`,
  TAX: msg`Tax`,
  INSURANCE: msg`Insurance`,
  LEASING: msg`Leasing`,
  MISC: msg`Other`,
  GIFT_CARD: msg`Gift card`,
  SUBSCRIPTION: msg`Subscription`,
};

export const TYPE_LABELS: Record<TypeFilter, MessageDescriptor> = {
  PAYMENT: msg`Payments`,
  COST: msg`Costs`,
  TRIP: msg`Trips`,
  MANUAL: msg`Manual entries`,
};

export const PRODUCT_LABELS: Record<ProductType, MessageDescriptor> = {
  GAS: msg`Fuel`,
  EV_CHARGE: msg`EV charging`,
  CAR_WASH: msg`Car wash`,
  GIFT_CARD: msg`Gift card`,
};

export const RECURRENCE_LABELS: Record<RecurrencePeriod, MessageDescriptor> = {
  NEVER: msg`Never`,
  WEEKLY: msg`Weekly`,
  MONTHLY: msg`Monthly`,
  QUARTERLY: msg`Quarterly`,
  YEARLY: msg`Yearly`,
};

export const REACH_LABELS: Record<DeleteReach, MessageDescriptor> = {
  onlyThis: msg`Only this`,
  thisAndFollowing: msg`This and following`,
  all: msg`All`,
};

export const PERIOD_LABELS: Record<ListPeriod | StatisticsPeriod, MessageDescriptor> = {
  '1m': msg`1 month`,
  '3m': msg`3 months`,
  '6m': msg`6 months`,
  '1y': msg`1 year`,
};

/** A row's title: the station for a payment, the name or category for a cost, the destination for a trip. */
export function eventTitle(i18n: I18n, event: HistoryEvent): string {
  if (event.payment) return event.payment.stationName ?? i18n._(CATEGORY_LABELS[event.payment.category]);
  if (event.cost) return event.cost.name || i18n._(CATEGORY_LABELS[event.cost.category]);
  if (event.trip) {
    // The destination's street: most trips end in the same city.
    const place = event.trip.endAddress?.split(',')[0]?.trim();
    return place ? i18n._(msg`Trip to ${place}`) : i18n._(msg`Trip`);
  }
  return '';
}

/** The row's second line: what kind it is. */
export function eventKindLabel(i18n: I18n, event: HistoryEvent): string {
  if (event.payment) return i18n._(CATEGORY_LABELS[event.payment.category]);
  if (event.cost) return i18n._(CATEGORY_LABELS[event.cost.category]);
  if (event.trip?.isResultOfMerge) return i18n._(msg`Merged trip`);
  return i18n._(msg`Trip`);
}

export function formatKm(metres: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}
