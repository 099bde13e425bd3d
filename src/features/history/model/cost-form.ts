// The cost form's values (text as typed, in the driver's locale) to the cost call's body with the §9 units, and back
// for editing; its rules (§5 mileage). Pure.
import {
  type CostCategory,
  type CreateCostBody,
  fuelQuantityToMl,
  type HistoryEvent,
  kmToWireMileage,
  MAX_MILEAGE_KM,
  type RecurrencePeriod,
  wireMileageToKm,
} from '../../../../contract/history';
import { DECI_CENT_PRECISION, toDecimal } from '../../../../contract/money';
import type { FieldError } from '../../../lib/validation';

export type CostFormValues = {
  category: CostCategory | '';
  price: string;
  currency: string;
  date: string;
  recurrence: RecurrencePeriod;
  name: string;
  notes: string;
  vehicle: string;
  litres: string;
  mileage: string;
  tankFull: boolean;
};

/** The decimal separator of a locale ("," in de, "." in en). */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/**
 * A number as typed: "1.234,56" (de), "1,234.56" (en), "12,5" or "12.5" — the locale's decimal separator wins, the
 * other one is taken as a thousands separator. null for anything else.
 */
export function parseDecimal(text: string, locale: string): number | null {
  const raw = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!raw) return null;
  const decimal = decimalSeparator(locale);
  const group = decimal === ',' ? '.' : ',';
  let normal = raw;
  if (raw.includes(decimal)) normal = raw.split(group).join('').replace(decimal, '.');
  else if (raw.includes(group)) {
    // Only the other separator: "12.5" in de is a decimal, "1.234" with three digits after it is a thousands group.
    const parts = raw.split(group);
    normal = parts.length === 2 && parts[1]?.length !== 3 ? parts.join('.') : parts.join('');
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}

/** Price text → deci-cents ("Cost price is sent as cents times 10"); at most three decimals. */
export function priceToDeciCents(text: string, locale: string): number | null {
  const value = parseDecimal(text, locale);
  if (value === null) return null;
  const deci = Math.round(value * 10 ** DECI_CENT_PRECISION);
  return Math.abs(deci - value * 10 ** DECI_CENT_PRECISION) < 1e-6 ? deci : null;
}

export function validatePrice(text: string, locale: string): FieldError | null {
  if (!text.trim()) return { kind: 'required' };
  const deci = priceToDeciCents(text, locale);
  return deci === null || deci > 1_000_000_000 ? { kind: 'format' } : null;
}

export function validateLitres(text: string, locale: string): FieldError | null {
  if (!text.trim()) return null;
  const value = parseDecimal(text, locale);
  return value === null || value > 10_000 ? { kind: 'format' } : null;
}

/** §5: at most 1,000,000 km and not lower than the vehicle's previous reading (when it is known). */
export function validateMileage(text: string, locale: string, previousKm: number | null): FieldError | null {
  if (!text.trim()) return null;
  const km = parseDecimal(text, locale);
  if (km === null) return { kind: 'format' };
  if (km > MAX_MILEAGE_KM) return { kind: 'mileageMax' };
  if (previousKm !== null && km < previousKm) {
    return {
      kind: 'mileageBelowPrevious',
      previous: `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(previousKm)} km`,
    };
  }
  return null;
}

/** "YYYY-MM-DD" from an <input type="date"> at noon local time (a date without a clock time). */
export function dateToSampleTime(date: string, now: Date): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), now.getHours(), now.getMinutes());
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function localDate(time: Date): string {
  return `${time.getFullYear()}-${String(time.getMonth() + 1).padStart(2, '0')}-${String(time.getDate()).padStart(2, '0')}`;
}

/** The form's values as the POST body (the form has validated them). */
export function toCostBody(values: CostFormValues, locale: string, now: Date): CreateCostBody {
  const litres = parseDecimal(values.litres, locale);
  const km = parseDecimal(values.mileage, locale);
  return {
    category: values.category as CostCategory,
    price: priceToDeciCents(values.price, locale) ?? 0,
    currency: values.currency as CreateCostBody['currency'],
    sampleTime: dateToSampleTime(values.date, now) ?? now.toISOString(),
    recurrencePeriod: values.recurrence,
    name: values.name.trim() || null,
    notes: values.notes.trim() || null,
    thingId: values.vehicle || null,
    fuelQuantity: litres === null ? null : litres * 10, // litres → ml / 100
    odometer: km === null ? null : kmToWireMileage(km),
    tankFull: values.category === 'FUEL_TOP_UP' ? values.tankFull : null,
  };
}

/** A kept cost as the form's values (edit). */
export function fromCost(event: HistoryEvent, locale: string): CostFormValues {
  const cost = event.cost;
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(n);
  return {
    category: cost?.category ?? '',
    price: cost ? number(toDecimal(cost.price, DECI_CENT_PRECISION), 3) : '',
    currency: cost?.currency ?? 'EUR',
    date: localDate(new Date(event.sampleTime)),
    recurrence: cost?.recurrencePeriod ?? 'NEVER',
    name: cost?.name ?? '',
    notes: cost?.notes ?? '',
    vehicle: event.thingId ?? '',
    litres: cost?.fuelQuantity == null ? '' : number(fuelQuantityToMl(cost.fuelQuantity) / 1000, 3),
    mileage: cost?.odometer == null ? '' : number(wireMileageToKm(cost.odometer), 1),
    tankFull: cost?.tankFull ?? false,
  };
}
