// Which saved methods and wallets a station takes (pay-flows.md §5). One rule for the list's isSupportedPOI and for
// every authorize (prepay, postpay, wash, EV, gift card): the app hides what a station refuses, the server refuses it.
import { eq } from 'drizzle-orm';
import { stationAccepts } from '../../../contract/plain/station-methods';
import type { AppContext } from '../../context';
import { stations } from '../../db/schema';
import { DomainError } from '../../errors';

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
