// The fuel-log import's words: the fields, the per-line problems, the formats' names, the value formats, and a mileage
// conflict said as a sentence ("Mileage 42,100 km is below an earlier reading of 43,000 km on 3 May 2015").
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VehicleFuel } from '../../../../contract/vehicles';
import type { DateOrder, DecimalMark, DistanceUnit, ImportField, LineProblem, VolumeUnit } from '../model/csv-import';
import type { Conflict } from '../model/import-conflicts';

export const FORMAT_NAMES = {
  spritmonitor: 'Spritmonitor',
  fuelly: 'Fuelly',
  fuelio: 'Fuelio',
  lubelogger: 'LubeLogger',
} as const;

export const FIELD_LABELS: Record<ImportField, MessageDescriptor> = {
  date: msg`Date`,
  odometer: msg`Mileage`,
  quantity: msg`Quantity`,
  total: msg`Amount`,
  unitPrice: msg`Price per unit`,
  currency: msg`Currency`,
  fill: msg`Full or partial fill`,
  notes: msg`Notes`,
  fuel: msg`Fuel`,
  station: msg`Station`,
};

export const PROBLEM_LABELS: Record<LineProblem, MessageDescriptor> = {
  date: msg`The date is missing or not a calendar day.`,
  quantity: msg`The quantity is missing or not a number.`,
  price: msg`The amount is missing or not a number.`,
  currency: msg`The currency is not one the app supports.`,
  odometer: msg`The mileage is not a number.`,
  columns: msg`The line has too few columns.`,
};

export const DATE_ORDER_LABELS: Record<DateOrder, MessageDescriptor> = {
  dmy: msg`Day, month, year (31.12.2024)`,
  mdy: msg`Month, day, year (12/31/2024)`,
  ymd: msg`Year, month, day (2024-12-31)`,
};

export const DECIMAL_LABELS: Record<DecimalMark, MessageDescriptor> = {
  ',': msg`Comma (1.234,56)`,
  '.': msg`Point (1,234.56)`,
};

export const DISTANCE_LABELS: Record<DistanceUnit, MessageDescriptor> = {
  km: msg`Kilometres`,
  mi: msg`Miles`,
};

export const VOLUME_LABELS: Record<VolumeUnit, MessageDescriptor> = {
  l: msg`Litres`,
  usgal: msg`US gallons`,
  impgal: msg`Imperial gallons`,
};

export const FUEL_LABELS: Record<VehicleFuel, MessageDescriptor> = {
  SUPER_E5: msg`Super E5`,
  SUPER_E10: msg`Super E10`,
  SUPER_PLUS: msg`Super Plus`,
  DIESEL: msg`Diesel`,
  LPG: msg`LPG`,
  CNG: msg`CNG`,
  ELECTRIC: msg`Electric`,
  HYDROGEN: msg`Hydrogen`,
};

/** A mileage the vehicle's readings refuse, in words, with the reading it conflicts with and its day. */
export function conflictText(i18n: I18n, c: Conflict): string {
  const km = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 });
  const mileage = `${km.format(c.km)} km`;
  const limit = `${km.format(c.limitKm)} km`;
  const day = c.at ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(c.at)) : null;
  if (c.kind === 'below_previous') {
    return day
      ? i18n._(msg`Mileage ${mileage} is below an earlier reading of ${limit} on ${day}.`)
      : i18n._(msg`Mileage ${mileage} is below an earlier reading of ${limit}.`);
  }
  return day
    ? i18n._(msg`Mileage ${mileage} is above a later reading of ${limit} on ${day}.`)
    : i18n._(msg`Mileage ${mileage} is above a later reading of ${limit}.`);
}
