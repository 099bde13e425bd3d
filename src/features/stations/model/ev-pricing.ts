// EV price elements as data for the port list and the charging screen (pay-flows.md §2, §3, §5, §9).
import type { AvailableItem, PriceComponent, PriceElement } from '../../../../contract/stations';

export type PriceLine = {
  /** ENERGY per kWh, PARKING_TIME per minute, FLAT per session, TIME per minute (the blocking fee). */
  type: PriceComponent['type'];
  price: { amount: number; currency: string; precision: number };
  unit: 'kWh' | 'min' | 'session';
  window: { start: string; end: string } | null;
  maxDurationMin: number | null;
  /** "Free parking text shows the maximum duration in whole hours (maxDuration divided by 60) when the price is zero or less." */
  freeHours: number | null;
};

const UNIT: Record<PriceComponent['unit'], PriceLine['unit']> = { KWH: 'kWh', MIN: 'min', COUNT: 'session' };

export function freeParkingHours(
  component: Pick<PriceComponent, 'price'>,
  maxDuration: number | undefined,
): number | null {
  if (component.price > 0 || maxDuration === undefined) return null;
  return Math.floor(maxDuration / 60);
}

export function priceLines(item: Pick<AvailableItem, 'currency' | 'priceElements'>): PriceLine[] {
  const lines: PriceLine[] = [];
  for (const element of item.priceElements ?? []) lines.push(...linesOf(element, item.currency));
  return lines;
}

function linesOf(element: PriceElement, currency: string): PriceLine[] {
  const r = element.restrictions;
  const window = r?.startTime && r?.endTime ? { start: r.startTime, end: r.endTime } : null;
  return element.priceComponents.map((component) => ({
    type: component.type,
    price: { amount: component.price, currency, precision: component.precision },
    unit: UNIT[component.unit],
    window,
    maxDurationMin: r?.maxDuration ?? null,
    freeHours: component.type === 'PARKING_TIME' ? freeParkingHours(component, r?.maxDuration) : null,
  }));
}
