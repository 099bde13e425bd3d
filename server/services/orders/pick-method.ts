// Which means pays an order (the authorize payload): a saved card of the caller, a device wallet token, or the
// caller's preferred card; and who may pay how at the order's station (guests: wallets at guestCheckout stations).
import { and, desc, eq } from 'drizzle-orm';
import type { AuthorizeBody } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { type PaymentMethodRow, paymentMethods, stations } from '../../db/schema';
import { DomainError, forbidden, notFound } from '../../errors';
import { checkPaymentProof, spendPaymentProof } from '../payment-methods/payment-proof';
import { requireSecondFactor } from '../payment-methods/two-factor';
import { type FuelCardOrder, requireFuelCardData } from './fuel-card-data';
import { requireStationAccepts } from './station-accepts';

export type Method = Pick<PaymentMethodRow, 'id' | 'behavior' | 'brand' | 'last4'> &
  Partial<Pick<PaymentMethodRow, 'method' | 'details'>>;

type PickInput = {
  session: AuthSession;
  body: AuthorizeBody;
  poiId: string;
  orderId: string;
  amount: number;
  order: FuelCardOrder;
};

export async function pickMethod({
  ctx,
  input,
}: {
  ctx: AppContext;
  /**
   * orderId and amount (precision 2): what the validation step's proof is bound to; order: what a fuel card needs of
   * it (its vehicle, its reading).
   */
  input: PickInput;
}): Promise<Method> {
  const { session, body } = input;
  if (body.paymentMethodId) {
    const [m] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, body.paymentMethodId),
          eq(paymentMethods.userId, session.userId),
          eq(paymentMethods.state, 'ACTIVE'),
        ),
      );
    if (!m) throw notFound('No such payment method');
    await confirmSaved(ctx, input, m);
    return m;
  }
  // (A guest owns no saved method: another's id is 404 above, as everywhere.)
  const wallet = body.paymentToken ? walletOf(body.paymentToken) : null;
  if (session.isGuest || wallet) {
    const [station] = await ctx.db
      .select({ guestCheckout: stations.guestCheckout, means: stations.paymentMeans })
      .from(stations)
      .where(eq(stations.id, input.poiId));
    // pay-flows.md §6: a guest pays only at a guestCheckout station, with a wallet the station takes, and gives an
    // email and a billing address through the wallet.
    if (session.isGuest) {
      if (!station?.guestCheckout) throw forbidden('This station does not offer guest checkout: log in or register');
      if (!wallet)
        throw new DomainError('unprocessable', 'unprocessable', 'A guest pays with a device wallet (paymentToken)');
      const details = body.userDetails;
      if (!details?.invoiceEmail || !details.address?.countryCode || !details.address.city) {
        throw new DomainError('unprocessable', 'unprocessable', 'A guest gives an email and a billing address', [
          { path: 'userDetails', message: 'invoiceEmail and address (countryCode, city) are required for guests' },
        ]);
      }
    }
    if (wallet)
      await requireStationAccepts({ ctx, input: { poiId: input.poiId, method: wallet.kind, path: 'paymentToken' } });
  }
  // A device wallet token (guests pay this way): the sandbox's test tokens say what the issuer answers.
  if (wallet) {
    return {
      id: `wallet_${wallet.kind.toLowerCase()}`,
      brand: wallet.kind,
      last4: '',
      behavior: ctx.payments.walletBehavior(wallet.token),
    };
  }
  const [preferred] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, session.userId), eq(paymentMethods.state, 'ACTIVE')))
    .orderBy(desc(paymentMethods.isPreferred), paymentMethods.createdAt)
    .limit(1);
  if (!preferred)
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      'No payment method: give paymentMethodId or a wallet token',
    );
  await confirmSaved(ctx, input, preferred);
  return preferred;
}

/**
 * A saved method pays only after the driver's validation step (PIN or biometrics: its proof, pay-flows.md §4) and,
 * for a fuel card, its own second factor for this order (shell-and-account.md §5). The proof is bound to this order
 * and amount last, so a payment refused before (the station does not take the method, a missing second factor)
 * leaves it free; one refused after (a taken pump, an offline station) keeps it for this order's retry.
 */
async function confirmSaved(ctx: AppContext, input: PickInput, method: PaymentMethodRow): Promise<void> {
  await requireStationAccepts({ ctx, input: { poiId: input.poiId, method: method.method, path: 'paymentMethodId' } });
  // A fuel card's VIN and mileage before its proof and its code: what the driver can add on the summary comes first.
  await requireFuelCardData({ ctx, input: { userId: input.session.userId, method, order: input.order } });
  const now = ctx.clock.now();
  const use = { orderId: input.orderId, amount: input.amount };
  const proof = await checkPaymentProof({
    ctx,
    input: { userId: input.session.userId, method: method.method, proof: input.body.paymentProof, now, use },
  });
  await requireSecondFactor({ ctx, input: { method, orderId: input.orderId, now } });
  await spendPaymentProof(ctx, proof, use, now);
}

type WalletKind = 'GOOGLE_PAY' | 'APPLE_PAY' | 'AMAZON_PAY';

/** The wallet a payment token belongs to (the authorize payload names one of three). */
function walletOf(token: {
  googlePayToken?: string | undefined;
  applePayToken?: string | undefined;
  amazonPayToken?: string | undefined;
}): { kind: WalletKind; token: string } | null {
  if (token.googlePayToken) return { kind: 'GOOGLE_PAY', token: token.googlePayToken };
  if (token.applePayToken) return { kind: 'APPLE_PAY', token: token.applePayToken };
  if (token.amazonPayToken) return { kind: 'AMAZON_PAY', token: token.amazonPayToken };
  return null;
}
