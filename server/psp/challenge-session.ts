// The sandbox issuer's 3-D Secure challenge: a visit of its challenge page for one order's authorization. The code
// the sandbox expects is fixed (SANDBOX_3DS_CODE, shown on the page); 3 wrong codes fail the payment.
import { and, eq, gt } from 'drizzle-orm';
import { newToken } from '../auth/crypto';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { orders, type PspSessionRow, pspSessions, stations } from '../db/schema';
import type { ProviderContext } from '../payment-provider';
import { CARD_PAGE_TTL_MS, checkReturnUrl } from './card-sessions';

export const SANDBOX_3DS_CODE = '1234';
export const CHALLENGE_MAX_ATTEMPTS = 3;

/**
 * A visit of a page that answers one order's payment (the 3-D Secure challenge, the MB WAY phone), opened inside the
 * authorization's transaction; returns its id. The return addresses must be the app's own (no open redirect).
 */
export async function openPaymentVisit({
  ctx,
  tx,
  input,
}: {
  ctx: ProviderContext;
  tx: Tx;
  input: {
    kind: 'CHALLENGE' | 'MBWAY_PAYMENT';
    userId: string;
    orderId: string;
    paymentMethodId: string;
    phoneNumber?: string | null;
    urls: { success: string; error: string };
    now: Date;
    ttlMs: number;
  };
}): Promise<string> {
  const id = newToken();
  await tx.insert(pspSessions).values({
    id,
    userId: input.userId,
    kind: input.kind,
    orderId: input.orderId,
    paymentMethodId: input.paymentMethodId,
    phoneNumber: input.phoneNumber ?? null,
    successUrl: checkReturnUrl(ctx, 'userInteraction.urls.success', input.urls.success),
    errorUrl: checkReturnUrl(ctx, 'userInteraction.urls.error', input.urls.error),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return id;
}

/** Opens the challenge inside the authorization's transaction; returns the page's address (urls.start). */
export async function openChallenge({
  ctx,
  tx,
  input,
}: {
  ctx: ProviderContext;
  tx: Tx;
  input: {
    userId: string;
    orderId: string;
    paymentMethodId: string;
    urls: { success: string; error: string };
    now: Date;
  };
}): Promise<string> {
  const id = await openPaymentVisit({ ctx, tx, input: { ...input, kind: 'CHALLENGE', ttlMs: CARD_PAGE_TTL_MS } });
  return `${ctx.env.publicUrl}/psp/challenge/${id}`;
}

/** An open, unexpired challenge. */
export async function findChallenge(ctx: AppContext, id: string): Promise<PspSessionRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(pspSessions)
    .where(
      and(
        eq(pspSessions.id, id),
        eq(pspSessions.kind, 'CHALLENGE'),
        eq(pspSessions.status, 'OPEN'),
        gt(pspSessions.expiresAt, ctx.clock.now()),
      ),
    );
  return row;
}

/** Where the driver goes after the challenge, with the payment-return group (pay-flows.md §2). */
export function challengeReturn(
  visit: Pick<PspSessionRow, 'successUrl' | 'errorUrl' | 'orderId'>,
  approved: boolean,
  extra: Record<string, string>,
): string {
  const url = new URL(approved ? visit.successUrl : visit.errorUrl);
  url.searchParams.set('sca_feedback', approved ? 'approved' : 'failed');
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

export const newResultIndicators = () => ({
  resultIndicator: newToken().slice(0, 16),
  sessionVersion: newToken().slice(0, 10),
  nonce: newToken().slice(0, 16),
});

/** What the challenge page shows: the amount and where it is paid. */
export async function challengeDetails(
  ctx: AppContext,
  visit: PspSessionRow,
): Promise<{ amount: string; merchant: string; card: string; brand: string }> {
  const [row] = await ctx.db
    .select({
      amount: orders.authorizeAmount,
      currency: orders.currency,
      brand: orders.paymentBrand,
      last4: orders.paymentLast4,
      merchant: stations.brand,
    })
    .from(orders)
    .innerJoin(stations, eq(stations.id, orders.poiId))
    .where(eq(orders.id, visit.orderId ?? ''));
  const amount = row ? `${row.currency} ${((row.amount ?? 0) / 100).toFixed(2)}` : '';
  return {
    amount,
    merchant: row?.merchant ?? '',
    card: row ? `${row.brand ?? ''} •••• ${row.last4 ?? ''}` : '',
    brand: row?.brand ?? '',
  };
}

/** A new authorization of the order voids its open challenge (the driver left the page and paid another way). */
export async function closeOpenChallenges({ tx, input }: { tx: Tx; input: { orderId: string } }): Promise<void> {
  await tx
    .update(pspSessions)
    .set({ status: 'CANCELLED' })
    .where(
      and(eq(pspSessions.orderId, input.orderId), eq(pspSessions.kind, 'CHALLENGE'), eq(pspSessions.status, 'OPEN')),
    );
}
