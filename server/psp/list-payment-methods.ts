// GET /v4/payment-methods: the caller's saved methods (only the masked form leaves the server), with isSupportedPOI for
// the station asked about and isPMSupportedOnDevice for the caller's browser.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../contract/orders';
import { stationMethods } from '../../contract/plain/station-methods';
import type { AppContext } from '../context';
import { type PaymentMethodRow, paymentMethods, stationProducts, stations } from '../db/schema';
import { forbidden } from '../errors';

/** Apple Pay needs Safari on Apple hardware; every other method works in any browser (Google Pay has a web SDK). */
export function supportedOnDevice(method: string, userAgent: string): boolean {
  if (method === 'APPLE_PAY') return /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|Android/.test(userAgent);
  return true;
}

export function toPaymentMethodJson(
  row: PaymentMethodRow,
  opts: { poiMethods?: Set<string> | undefined; userAgent?: string | undefined } = {},
): PaymentMethod {
  const d = row.details ?? {};
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    method: row.method as PaymentMethod['method'],
    state: row.state,
    isPreferred: row.isPreferred,
    isRegisteredFor2FA: row.isRegisteredFor2FA,
    ...(row.twoFactorRegistrationMethod ? { twoFactorAuthRegistrationMethod: row.twoFactorRegistrationMethod } : {}),
    isSupportedPOI: opts.poiMethods ? opts.poiMethods.has(row.method) : true,
    isPMSupportedOnDevice: supportedOnDevice(row.method, opts.userAgent ?? ''),
    details: {
      brand: row.brand,
      ...(row.last4 ? { cardNumber: `•••• ${row.last4}`, last4: row.last4 } : {}),
      ...(row.expMonth && row.expYear ? { expiry: `${String(row.expMonth).padStart(2, '0')}/${row.expYear}` } : {}),
      ...(row.holderName ? { holderName: row.holderName } : {}),
      ...(row.label ? { label: row.label } : {}),
      ...(d.email ? { email: d.email } : {}),
      ...(d.phoneNumber ? { phoneNumber: d.phoneNumber } : {}),
      ...(d.mandateValidUntil ? { mandateValidUntil: d.mandateValidUntil } : {}),
      ...(d.limitWithoutPin !== undefined
        ? { limitWithoutPin: { amount: d.limitWithoutPin, currency: 'EUR', precision: 2 } }
        : {}),
      ...(d.fuelCardBrand ? { fuelCardBrand: d.fuelCardBrand } : {}),
      ...(d.level !== undefined ? { level: d.level } : {}),
      ...(d.vin ? { vin: d.vin } : {}),
    },
  };
}

/** The methods a station takes, found by its id or by one of its products; undefined when not asked or not found. */
async function poiMethodsFor(
  ctx: AppContext,
  input: { supportedByPoi?: string | undefined; supportedByPoiProduct?: string | undefined },
): Promise<Set<string> | undefined> {
  if (input.supportedByPoi) {
    const [st] = await ctx.db
      .select({ means: stations.paymentMeans })
      .from(stations)
      .where(eq(stations.id, input.supportedByPoi));
    // An unknown station takes nothing: every method is unsupported there.
    return stationMethods(st?.means ?? []);
  }
  if (input.supportedByPoiProduct) {
    const [st] = await ctx.db
      .select({ means: stations.paymentMeans })
      .from(stationProducts)
      .innerJoin(stations, eq(stations.id, stationProducts.stationId))
      .where(eq(stationProducts.id, input.supportedByPoiProduct));
    return stationMethods(st?.means ?? []);
  }
  return undefined;
}

export async function listPaymentMethods({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    userId: string;
    customerId?: string | undefined;
    state?: 'ACTIVE' | 'INACTIVE' | undefined;
    supportedByPoi?: string | undefined;
    supportedByPoiProduct?: string | undefined;
    userAgent?: string | undefined;
  };
}): Promise<PaymentMethod[]> {
  if (input.customerId !== undefined && input.customerId !== input.userId) {
    throw forbidden('These are not your payment methods');
  }
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.userId, input.userId), input.state ? eq(paymentMethods.state, input.state) : undefined),
    )
    .orderBy(desc(paymentMethods.isPreferred), asc(paymentMethods.createdAt));
  const poiMethods = await poiMethodsFor(ctx, input);
  return rows.map((row) => toPaymentMethodJson(row, { poiMethods, userAgent: input.userAgent }));
}
