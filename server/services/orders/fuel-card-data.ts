// A fuel card pays only with what its level needs on the order (pay-flows.md §5 "Fuel-card odometer: VIN required at
// level 2 or higher; the mileage field shows at levels 1 and 3"; shell-and-account.md §5 "A VIN is required for a fuel
// card"): the VIN on the order's vehicle, the mileage on the order. The app asks for both before paying (the odometer
// screen, or the summary's sheet when the driver switches to the card there); this is the authority behind it.
import { and, eq } from 'drizzle-orm';
import { FUEL_CARD_DATA_MISSING, fuelCardMissing } from '../../../contract/plain/fuel-card';
import { fuelCardRules } from '../../../contract/plain/payment-methods';
import type { AppContext } from '../../context';
import { type OrderRow, type PaymentMethodRow, things } from '../../db/schema';
import { DomainError } from '../../errors';

/** What of the order the rule reads: its product (fuel or EV), its vehicle and its reading. */
export type FuelCardOrder = Pick<OrderRow, 'productType' | 'thingId' | 'thingExternalId' | 'carOdometerM'>;

/**
 * The orders the rule applies to: those the odometer screen comes before (fuel, prepay or postpay, and EV charging).
 * A car wash or a gift card has no odometer step (pay-flows.md §2: the screen is skipped on wash paths), so a fuel
 * card pays them as any card.
 */
const exempt = (productType: string | null) => productType === 'CAR_WASH' || productType === 'GIFT_CARD';

/**
 * 422 `fuel_card_data_missing` when a FUEL_CARD of level 1 or more pays an order that lacks what the level needs:
 * details {reason, missing: ['vin' | 'mileage'], level, paymentMethodId, thingId}. The vehicle is the one the order
 * names (update-order's thingExternalId, else the create's thingId); an order without one has no VIN.
 */
export async function requireFuelCardData({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; method: Pick<PaymentMethodRow, 'id' | 'method' | 'details'>; order: FuelCardOrder };
}): Promise<void> {
  const { method, order } = input;
  if (method.method !== 'FUEL_CARD' || exempt(order.productType)) return;
  const level = method.details?.level ?? 0;
  const thingId = order.thingExternalId ?? order.thingId;
  let vin: string | null = null;
  if (thingId && fuelCardRules(level).vinRequired) {
    const [thing] = await ctx.db
      .select({ vin: things.vin })
      .from(things)
      .where(and(eq(things.id, thingId), eq(things.userId, input.userId)));
    vin = thing?.vin ?? null;
  }
  const missing = fuelCardMissing(level, { vin: !!vin, mileage: order.carOdometerM != null });
  if (missing.length === 0) return;
  const what = missing.map((m) => (m === 'vin' ? "the vehicle's VIN" : 'the mileage')).join(' and ');
  throw new DomainError(
    'unprocessable',
    'fuel_card_data_missing',
    `This level ${level} fuel card pays only with ${what} on the order: save the VIN on the vehicle, give the mileage with update-order, and authorize again`,
    { reason: FUEL_CARD_DATA_MISSING, missing, level, paymentMethodId: method.id, thingId: thingId ?? null },
  );
}
