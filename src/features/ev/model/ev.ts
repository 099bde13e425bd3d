// The spec's EV rules for the screens (pay-flows.md §2 EV summary and charging, §4 EV flow, §5 free parking, §9
// pre-authorization): pure, no React.
import type { OrderCharge } from '../../../../contract/ev';
import type { Order } from '../../../../contract/orders';
import { evPreAuthorization } from '../../../../contract/plain/ev';
import type { AvailableItem } from '../../../../contract/stations';
import type { AccountFeatures } from '../../../../contract/users';
import { freeParkingHours } from '../../stations/model/ev-pricing';

/** The amount held for a charge in `currency` (minor units, precision 2): the account's PSP config, else §9's defaults. */
export function preAuthorizationFor(features: Pick<AccountFeatures, 'evCharging'> | undefined, currency: string) {
  const amount = evPreAuthorization(currency, features?.evCharging.preAuthorizations ?? {});
  return amount === undefined ? null : { amount, currency, precision: 2 };
}

/** The summary's parking facts: the first paid parking price (with its window) and the free-parking hours. */
export function parkingOf(item: Pick<AvailableItem, 'currency' | 'priceElements'>): {
  price: { amount: number; currency: string; precision: number } | null;
  window: { start: string; end: string } | null;
  freeHours: number | null;
} {
  let price = null as { amount: number; currency: string; precision: number } | null;
  let window = null as { start: string; end: string } | null;
  let freeHours = null as number | null;
  for (const element of item.priceElements ?? []) {
    for (const c of element.priceComponents) {
      if (c.type !== 'PARKING_TIME') continue;
      const free = freeParkingHours(c, element.restrictions?.maxDuration);
      if (free !== null) freeHours ??= free;
      else if (c.price > 0 && !price) {
        price = { amount: c.price, currency: item.currency, precision: c.precision };
        const r = element.restrictions;
        window = r?.startTime && r.endTime ? { start: r.startTime, end: r.endTime } : null;
      }
    }
  }
  return { price, window, freeHours };
}

/** An EV charge (its item is sold per kWh), e.g. to tell a cancelled charge from a cancelled fill. */
export function isCharge(order: Pick<Order, 'products' | 'charge'> | undefined | null): boolean {
  if (!order) return false;
  return !!order.charge || order.products[0]?.attributes?.paymentAttributes?.unit === 'KWH';
}

/** Before the car is plugged in, the driver may still cancel (the whole pre-authorization is released). */
export function canCancelCharge(order: Pick<Order, 'state'> | undefined | null): boolean {
  return !!order && ['PAYMENT_AUTHORIZED', 'PRODUCT_PENDING'].includes(order.state);
}

/** The charging screen's phase, from the order (pay-flows.md §2: "a check-connection message until supplying starts"). */
export type ChargingPhase = 'connecting' | 'charging' | 'paused' | 'stopping' | 'done';

export function chargingPhase(
  order: Pick<Order, 'state' | 'charge'> | undefined | null,
  stopping = false,
): ChargingPhase {
  if (!order) return 'connecting';
  if (['PRODUCT_ACQUIRED', 'READY_FOR_INVOICE', 'COMPLETED'].includes(order.state)) return 'done';
  if (stopping) return 'stopping';
  if (order.state !== 'PRODUCT_SUPPLYING') return 'connecting';
  return order.charge?.connectorState === 'SuspendedEV' ? 'paused' : 'charging';
}

/** Seconds as h:mm:ss (or m:ss under an hour), for the live charging time. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Energy in kWh (up to 2 decimals, rounded down) from Wh. */
export function energyKwh(charge: Pick<OrderCharge, 'energyWh'> | null | undefined): number {
  return Math.floor((charge?.energyWh ?? 0) / 10) / 100;
}
