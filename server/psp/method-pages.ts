// The sandbox provider's pages for methods other than cards: the PayPal vault and the Bluecode / Payconiq apps
// (approve / deny / close) and the MB WAY phone (approve / decline / let it time out), for registering a method and,
// for MB WAY, for approving a payment (Bluecode and Payconiq payments are CHALLENGE visits, see challenge-session).
// Like the card page: a visit is a single-use, short-lived secret in psp_sessions; the page returns to the app with
// the payment-return group (registration, type, paymentId, provider, method, phoneNumber, errorDescription).
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import {
  MBWAY_APPROVAL_SECONDS,
  MBWAY_LIMIT_WITHOUT_PIN,
  MBWAY_MANDATE_MONTHS,
  MBWAY_PROVIDER,
  MBWAY_TIMEOUT,
  PAYMENT_METHODS_LIMIT,
  PAYPAL_POPUP_CLOSED,
  PAYPAL_PROVIDER,
  parseMbwayPhone,
  REDIRECT_PROVIDERS,
  type RedirectMethod,
} from '../../contract/payment-methods';
import { newId, newToken } from '../auth/crypto';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import {
  type CardBehavior,
  type MethodDetails,
  type PspSessionRow,
  paymentMethods,
  pspSessions,
  users,
} from '../db/schema';
import { DomainError } from '../errors';
import type { ProviderContext } from '../payment-provider';
import { CARD_PAGE_TTL_MS, checkReturnUrl, returnUrl } from './card-sessions';
import { openPaymentVisit } from './challenge-session';
import { countActive, limitReached } from './saved-methods';

type MethodKind = 'PAYPAL' | 'MBWAY_REGISTER' | 'MBWAY_PAYMENT' | RedirectMethod;
const PAGE_PATH: Record<MethodKind, string> = {
  PAYPAL: 'paypal',
  MBWAY_REGISTER: 'mbway',
  MBWAY_PAYMENT: 'mbway',
  BLUECODE: 'bluecode',
  PAYCONIQ: 'payconiq',
};
/** The provider's name, on its pages and in what the driver is told. */
export const METHOD_NAMES: Record<RedirectMethod | 'PAYPAL' | 'MBWAY', string> = {
  PAYPAL: 'PayPal',
  MBWAY: 'MB WAY',
  BLUECODE: 'Bluecode',
  PAYCONIQ: 'Payconiq',
};

/** Which method a registration visit links, and under which provider. */
function linked(kind: PspSessionRow['kind']): { provider: string; method: 'PAYPAL' | 'MBWAY' | RedirectMethod } {
  if (kind === 'PAYPAL') return { provider: PAYPAL_PROVIDER, method: 'PAYPAL' };
  if (kind === 'BLUECODE') return { provider: 'bluecode', method: 'BLUECODE' };
  if (kind === 'PAYCONIQ') return { provider: 'payconiq', method: 'PAYCONIQ' };
  return { provider: MBWAY_PROVIDER, method: 'MBWAY' };
}

/** GET /payments/{paypal|mbway|bluecode|payconiq}/urls: a visit of the provider's page or of the phone (refused at the limit). */
export async function openMethodPage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; provider: string; successUrl: string; errorUrl: string; phoneNumber?: string | undefined };
}) {
  const successUrl = checkReturnUrl(ctx, 'successUrl', input.successUrl);
  const errorUrl = checkReturnUrl(ctx, 'errorUrl', input.errorUrl);
  let phoneNumber: string | null = null;
  if (input.provider === MBWAY_PROVIDER) {
    phoneNumber = parseMbwayPhone(input.phoneNumber ?? '');
    if (!phoneNumber) {
      throw new DomainError(
        'unprocessable',
        'unprocessable',
        'Enter a Portuguese mobile number (9 digits starting with 91, 92, 93 or 96)',
        [{ path: 'phoneNumber', message: 'Invalid' }],
      );
    }
  }
  if ((await countActive(ctx.db, input.userId)) >= PAYMENT_METHODS_LIMIT) throw limitReached();
  const kind: MethodKind =
    input.provider === MBWAY_PROVIDER
      ? 'MBWAY_REGISTER'
      : input.provider in REDIRECT_PROVIDERS
        ? REDIRECT_PROVIDERS[input.provider as keyof typeof REDIRECT_PROVIDERS]
        : 'PAYPAL';
  const id = newToken();
  const now = ctx.clock.now();
  const ttl = kind === 'MBWAY_REGISTER' ? MBWAY_APPROVAL_SECONDS * 1000 : CARD_PAGE_TTL_MS;
  await ctx.db.insert(pspSessions).values({
    id,
    userId: input.userId,
    kind,
    phoneNumber,
    successUrl,
    errorUrl,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return { provider: input.provider, url: `${ctx.env.publicUrl}/psp/${PAGE_PATH[kind]}/${id}` };
}

/** An open visit of one of these kinds (expired ones too, when asked: the MB WAY phone then says it timed out). */
export async function findMethodVisit(
  ctx: AppContext,
  id: string,
  kinds: MethodKind[],
  opts: { includeExpired?: boolean } = {},
): Promise<PspSessionRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(pspSessions)
    .where(
      and(
        eq(pspSessions.id, id),
        inArray(pspSessions.kind, kinds),
        eq(pspSessions.status, 'OPEN'),
        opts.includeExpired ? undefined : gt(pspSessions.expiresAt, ctx.clock.now()),
      ),
    );
  return row;
}

export const isExpired = (ctx: AppContext, visit: PspSessionRow) => visit.expiresAt <= ctx.clock.now();

/** The account's email, shown on the sandbox vault page as the PayPal login. */
export async function paypalAccountEmail(ctx: AppContext, userId: string): Promise<string> {
  const [u] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? '';
}

/** Close the visit once (a double submit answers once); false when it was closed already. */
async function close(tx: Tx, visit: PspSessionRow, status: 'DONE' | 'CANCELLED'): Promise<boolean> {
  const [closed] = await tx
    .update(pspSessions)
    .set({ status })
    .where(and(eq(pspSessions.id, visit.id), eq(pspSessions.status, 'OPEN')))
    .returning({ id: pspSessions.id });
  return !!closed;
}

/**
 * Save the vaulted method: preferred when the driver has no preferred method yet. `behavior` is the sandbox's answer
 * to its payments: a redirect method's are 'challenge' (each one approved on the provider's page).
 */
async function saveMethod(
  tx: Tx,
  input: {
    userId: string;
    provider: string;
    method: string;
    brand: string;
    details: MethodDetails;
    behavior: CardBehavior;
    now: Date;
  },
): Promise<string | null> {
  if ((await countActive(tx, input.userId)) >= PAYMENT_METHODS_LIMIT) return null;
  const [preferred] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, input.userId),
        eq(paymentMethods.state, 'ACTIVE'),
        eq(paymentMethods.isPreferred, true),
      ),
    )
    .limit(1);
  const id = newId();
  await tx.insert(paymentMethods).values({
    id,
    userId: input.userId,
    provider: input.provider,
    method: input.method,
    token: `tok_${input.provider}_${newToken()}`,
    brand: input.brand,
    last4: '',
    details: input.details,
    behavior: input.behavior,
    isPreferred: !preferred,
    createdAt: input.now,
  });
  return id;
}

export type MethodAnswer = 'approve' | 'deny' | 'close' | 'timeout';

/**
 * The driver answered the PayPal vault page, the Bluecode / Payconiq page or the MB WAY phone (a registration):
 * approve saves the method; deny is a failed registration; closing the PayPal window is PAYPAL_POPUP_CLOSED
 * (pay-flows.md §8), closing another provider's page a cancelled registration; the phone not answering in time is
 * MBWAY_TIMEOUT.
 */
export async function answerRegistration({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { visit: PspSessionRow; action: MethodAnswer };
}): Promise<string> {
  const { visit } = input;
  const now = ctx.clock.now();
  const { provider, method } = linked(visit.kind);
  const paypal = method === 'PAYPAL';
  const phone = method === 'MBWAY';
  const action = phone && isExpired(ctx, visit) ? 'timeout' : input.action;
  const email = phone ? '' : await paypalAccountEmail(ctx, visit.userId);
  return ctx.db.transaction(async (tx) => {
    if (action === 'close') {
      if (!(await close(tx, visit, 'CANCELLED')))
        return returnUrl(visit, 'error', { errorDescription: 'This page was already used' });
      return returnUrl(visit, 'cancelled', {
        provider,
        method,
        errorDescription: paypal ? PAYPAL_POPUP_CLOSED : `${method}_CLOSED`,
      });
    }
    if (!(await close(tx, visit, action === 'approve' ? 'DONE' : 'CANCELLED'))) {
      return returnUrl(visit, 'error', { errorDescription: 'This page was already used' });
    }
    if (action === 'timeout') return returnUrl(visit, 'error', { provider, method, errorDescription: MBWAY_TIMEOUT });
    if (action === 'deny') {
      return returnUrl(visit, 'error', {
        provider,
        method,
        errorDescription: phone ? 'MBWAY_DECLINED' : `${method}_DENIED`,
      });
    }
    let details: MethodDetails;
    if (!phone) {
      details = { email };
    } else {
      const until = new Date(now);
      until.setUTCMonth(until.getUTCMonth() + MBWAY_MANDATE_MONTHS);
      details = {
        phoneNumber: visit.phoneNumber ?? '',
        mandateValidUntil: until.toISOString(),
        limitWithoutPin: MBWAY_LIMIT_WITHOUT_PIN,
      };
    }
    const behavior = paypal || phone ? 'approve' : 'challenge';
    const id = await saveMethod(tx, { userId: visit.userId, provider, method, brand: method, details, behavior, now });
    if (!id) return returnUrl(visit, 'error', { errorDescription: 'You have reached the limit of payment methods' });
    return returnUrl(visit, 'success', {
      paymentId: id,
      provider,
      method,
      ...(visit.phoneNumber ? { phoneNumber: visit.phoneNumber } : {}),
    });
  });
}

/**
 * An MB WAY payment above the mandate's limit (or after it ran out) asks the phone: opened inside the authorization's
 * transaction; returns the phone page's address (userInteraction.urls.start).
 */
export async function openMbwayPayment({
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
    phoneNumber: string | null;
    urls: { success: string; error: string };
    now: Date;
  };
}): Promise<string> {
  const id = await openPaymentVisit({
    ctx,
    tx,
    input: { ...input, kind: 'MBWAY_PAYMENT', ttlMs: MBWAY_APPROVAL_SECONDS * 1000 },
  });
  return `${ctx.env.publicUrl}/psp/mbway/${id}`;
}

/** Does this MB WAY payment need the phone: above the limit without PIN, or the mandate has run out. */
export function mbwayNeedsApproval(details: MethodDetails | null, amount: number, now: Date): boolean {
  const limit = details?.limitWithoutPin ?? 0;
  const valid = details?.mandateValidUntil ? new Date(details.mandateValidUntil) > now : false;
  return !valid || amount > limit;
}

/** MB WAY payments the phone did not answer in time (the simulator's tick fails their orders). */
export async function expiredMbwayPayments(ctx: ProviderContext, now: Date): Promise<PspSessionRow[]> {
  return ctx.db
    .select()
    .from(pspSessions)
    .where(and(eq(pspSessions.kind, 'MBWAY_PAYMENT'), eq(pspSessions.status, 'OPEN'), lt(pspSessions.expiresAt, now)))
    .limit(100);
}
