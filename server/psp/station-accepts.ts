// Which saved methods and wallets a station takes (pay-flows.md §5). One rule for the list's isSupportedPOI and for
// every authorize (prepay, postpay, wash, EV, gift card): the app hides what a station refuses, the server refuses it.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { stations } from '../db/schema';
import { DomainError } from '../errors';

/** pay-flows.md §5: "MAESTRO and AMERICAN_EXPRESS count as direct credit in the station's methods". */
export function stationMethods(means: readonly string[]): Set<string> {
  const set = new Set(
    means.map((m) => (m === 'MAESTRO' || m === 'AMERICAN_EXPRESS' || m === 'AMEX' ? 'DIRECT_CREDIT' : m)),
  );
  // A card registered as CREDIT_CARD is a card too: a station that takes cards takes it (as the app's checkout model).
  if (set.has('DIRECT_CREDIT')) set.add('CREDIT_CARD');
  return set;
}

/** Does a station with these accepted means take this method (a saved method's type, a wallet by its method)? */
export function stationAccepts(means: readonly string[], method: string): boolean {
  return stationMethods(means).has(method);
}

const NAMES: Record<string, string> = {
  DIRECT_CREDIT: 'cards',
  CREDIT_CARD: 'cards',
  GOOGLE_PAY: 'Google Pay',
  APPLE_PAY: 'Apple Pay',
  AMAZON_PAY: 'Amazon Pay',
  PAYPAL: 'PayPal',
  MBWAY: 'MB WAY',
  FUEL_CARD: 'fuel cards',
  BLUECODE: 'Bluecode',
  PAYCONIQ: 'Payconiq',
};

/**
 * 422 `method_not_accepted` unless the order's station takes the method. An unknown station takes nothing (as the
 * list's isSupportedPOI). `path` names the authorize field that chose the method, for the error's details.
 */
export async function requireStationAccepts({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { poiId: string; method: string; path: 'paymentMethodId' | 'paymentToken' };
}): Promise<void> {
  const [station] = await ctx.db
    .select({ means: stations.paymentMeans })
    .from(stations)
    .where(eq(stations.id, input.poiId));
  if (stationAccepts(station?.means ?? [], input.method)) return;
  const name = NAMES[input.method] ?? input.method;
  throw new DomainError(
    'unprocessable',
    'unprocessable',
    `This station does not take ${name}: choose another payment method`,
    {
      reason: 'method_not_accepted',
      method: input.method,
      path: input.path,
    },
  );
}
