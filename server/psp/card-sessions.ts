// The sandbox provider's hosted card page, server side: open a visit (register a new card, or edit a saved one),
// validate what the driver typed there, tokenise, and work out where the driver goes back to. The card number is
// checked and dropped here: only token, brand, last 4 digits, expiry and holder are kept.
import { and, eq, gt } from 'drizzle-orm';
import type { RegistrationResult } from '../../contract/payment-methods';
import { PAYMENT_METHODS_LIMIT } from '../../contract/payment-methods';
import { newId, newToken } from '../auth/crypto';
import type { AppContext } from '../context';
import { type CardBehavior, type PspSessionRow, paymentMethods, pspSessions } from '../db/schema';
import { DomainError, notFound } from '../errors';
import type { ProviderContext } from '../payment-provider';
import { countActive, limitReached, ownActiveMethod } from './saved-methods';
import { CREDIT_CARD_NUMBERS, cardBrand, luhnValid, TEST_CARD_NUMBERS } from './test-cards';

export const SANDBOX_PROVIDER = 'sandbox';
/** A visit of the provider page is good for this long. */
export const CARD_PAGE_TTL_MS = 15 * 60 * 1000;

/** successUrl / errorUrl must lead back into the app itself: no open redirect through the provider page. */
export function checkReturnUrl(ctx: ProviderContext, name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DomainError('unprocessable', 'unprocessable', `${name} must be an absolute URL`, [
      { path: name, message: 'Invalid' },
    ]);
  }
  if (url.origin !== ctx.env.publicOrigin) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `${name} must be an address of this app (${ctx.env.publicOrigin})`,
      [{ path: name, message: 'Not this app' }],
    );
  }
  return url.toString();
}

const pageUrl = (ctx: AppContext, id: string) => `${ctx.env.publicUrl}/psp/cards/${id}`;

/** GET /payments/{provider}/urls: a new visit of the provider's page to register a card (refused at the limit). */
export async function openRegistration({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; provider: string; successUrl: string; errorUrl: string };
}) {
  if (input.provider !== SANDBOX_PROVIDER) throw notFound(`No payment provider ${input.provider}`);
  const successUrl = checkReturnUrl(ctx, 'successUrl', input.successUrl);
  const errorUrl = checkReturnUrl(ctx, 'errorUrl', input.errorUrl);
  if ((await countActive(ctx.db, input.userId)) >= PAYMENT_METHODS_LIMIT) throw limitReached();
  const id = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(pspSessions).values({
    id,
    userId: input.userId,
    kind: 'REGISTER',
    successUrl,
    errorUrl,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CARD_PAGE_TTL_MS),
  });
  return { provider: SANDBOX_PROVIDER, url: pageUrl(ctx, id) };
}

/** PATCH /v4/payment-methods/{id}?successUrl&errorUrl: a visit of the provider's page to renew a saved card's details. */
export async function openEdit({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; paymentMethodId: string; successUrl: string; errorUrl: string };
}) {
  const successUrl = checkReturnUrl(ctx, 'successUrl', input.successUrl);
  const errorUrl = checkReturnUrl(ctx, 'errorUrl', input.errorUrl);
  const id = newToken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const method = await ownActiveMethod(tx, input.userId, input.paymentMethodId);
    if (method.provider !== SANDBOX_PROVIDER || !['DIRECT_CREDIT', 'CREDIT_CARD'].includes(method.method)) {
      throw new DomainError('conflict', 'conflict', 'Only cards are edited on the provider page');
    }
    await tx.insert(pspSessions).values({
      id,
      userId: input.userId,
      kind: 'EDIT',
      paymentMethodId: method.id,
      successUrl,
      errorUrl,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CARD_PAGE_TTL_MS),
    });
  });
  return { provider: SANDBOX_PROVIDER, url: pageUrl(ctx, id) };
}

export type CardPageVisit = PspSessionRow & { card: { brand: string; last4: string } | null };

/** An open, unexpired visit; undefined otherwise (the page then says the link is no longer valid). */
export async function findVisit(ctx: AppContext, id: string): Promise<CardPageVisit | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(pspSessions)
    .where(and(eq(pspSessions.id, id), eq(pspSessions.status, 'OPEN'), gt(pspSessions.expiresAt, ctx.clock.now())));
  if (!row) return undefined;
  let card: CardPageVisit['card'] = null;
  if (row.paymentMethodId) {
    const [m] = await ctx.db
      .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, row.paymentMethodId));
    card = m ?? null;
  }
  return { ...row, card };
}

export type CardForm = { number?: string; holder?: string; expiry?: string; cvc?: string };
export type CardErrors = Partial<Record<'number' | 'holder' | 'expiry' | 'cvc', string>>;

/** "Card expiry has the form MM/YYYY" (shell-and-account.md §5); not before this month. */
function parseExpiry(value: string, now: Date): { month: number; year: number } | string {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (!m) return 'Enter the expiry date as MM/YYYY.';
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (month < 1 || month > 12) return 'Enter a month from 01 to 12.';
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'This card has expired.';
  if (year > now.getUTCFullYear() + 20) return 'Enter a valid expiry year.';
  return { month, year };
}

type Valid = { digits: string | null; holder: string; month: number; year: number };

/** Checks the form; the number only on a registration (an edit renews expiry and holder of the saved card). */
export function validateCard(
  form: CardForm,
  opts: { needsNumber: boolean; brand?: string | undefined; now: Date },
): { ok: true; value: Valid } | { ok: false; errors: CardErrors } {
  const errors: CardErrors = {};
  let digits: string | null = null;
  if (opts.needsNumber) {
    digits = (form.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits)) errors.number = 'Enter the card number (digits only).';
    else if (!luhnValid(digits)) errors.number = 'This card number is not valid.';
    else if (!cardBrand(digits)) errors.number = 'This card network is not accepted.';
  }
  const holder = (form.holder ?? '').trim().replace(/\s+/g, ' ');
  if (holder.length < 2 || holder.length > 100 || /[\d<>]/.test(holder)) {
    errors.holder = 'Enter the name as it is on the card.';
  }
  const expiry = parseExpiry(form.expiry ?? '', opts.now);
  if (typeof expiry === 'string') errors.expiry = expiry;
  const brand = digits ? cardBrand(digits) : opts.brand;
  const cvcLength = brand === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test((form.cvc ?? '').trim())) {
    errors.cvc = `Enter the ${cvcLength}-digit security code.`;
  }
  if (Object.keys(errors).length > 0 || typeof expiry === 'string') return { ok: false, errors };
  return { ok: true, value: { digits, holder, month: expiry.month, year: expiry.year } };
}

/** The address the driver returns to, with the payment-return query (pay-flows.md §2). */
export function returnUrl(
  visit: Pick<PspSessionRow, 'successUrl' | 'errorUrl' | 'kind'>,
  result: RegistrationResult,
  extra: Record<string, string> = {},
): string {
  const url = new URL(result === 'success' ? visit.successUrl : visit.errorUrl);
  url.searchParams.set('registration', result);
  url.searchParams.set('type', visit.kind === 'EDIT' ? 'edit' : 'register');
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * The driver submitted the page: tokenise (register) or renew (edit), close the visit, and say where to go. The
 * visit is closed in the same transaction, so a double submit registers one card.
 */
export async function completeVisit({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { visit: CardPageVisit; value: Valid };
}): Promise<{ redirect: string }> {
  const { visit, value } = input;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(pspSessions)
      .set({ status: 'DONE' })
      .where(and(eq(pspSessions.id, visit.id), eq(pspSessions.status, 'OPEN')))
      .returning({ id: pspSessions.id });
    if (!closed) {
      return { redirect: returnUrl(visit, 'error', { errorDescription: 'This page was already used' }) };
    }
    if (visit.kind === 'EDIT') {
      const method = await ownActiveMethod(tx, visit.userId, visit.paymentMethodId ?? '').catch(() => undefined);
      if (!method) {
        return { redirect: returnUrl(visit, 'error', { errorDescription: 'The payment method no longer exists' }) };
      }
      await tx
        .update(paymentMethods)
        .set({ expMonth: value.month, expYear: value.year, holderName: value.holder })
        .where(eq(paymentMethods.id, method.id));
      return {
        redirect: returnUrl(visit, 'success', {
          paymentId: method.id,
          provider: SANDBOX_PROVIDER,
          method: method.method,
        }),
      };
    }
    if ((await countActive(tx, visit.userId)) >= PAYMENT_METHODS_LIMIT) {
      return {
        redirect: returnUrl(visit, 'error', { errorDescription: 'You have reached the limit of payment methods' }),
      };
    }
    const digits = value.digits as string;
    const behavior: CardBehavior = TEST_CARD_NUMBERS[digits] ?? 'approve';
    const [preferred] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.userId, visit.userId),
          eq(paymentMethods.state, 'ACTIVE'),
          eq(paymentMethods.isPreferred, true),
        ),
      )
      .limit(1);
    const id = newId();
    const method = CREDIT_CARD_NUMBERS.has(digits) ? 'CREDIT_CARD' : 'DIRECT_CREDIT';
    await tx.insert(paymentMethods).values({
      id,
      userId: visit.userId,
      provider: SANDBOX_PROVIDER,
      method,
      token: `tok_sbx_${newToken()}`,
      brand: cardBrand(digits) as string,
      last4: digits.slice(-4),
      expMonth: value.month,
      expYear: value.year,
      holderName: value.holder,
      behavior,
      // The first method (or the first after the preferred one went) is the preferred one.
      isPreferred: !preferred,
      createdAt: now,
    });
    return {
      redirect: returnUrl(visit, 'success', { paymentId: id, provider: SANDBOX_PROVIDER, method }),
    };
  });
}

/** The driver left the page without a card: back to the app, nothing saved. */
export async function cancelVisit(ctx: AppContext, visit: CardPageVisit): Promise<string> {
  await ctx.db
    .update(pspSessions)
    .set({ status: 'CANCELLED' })
    .where(and(eq(pspSessions.id, visit.id), eq(pspSessions.status, 'OPEN')));
  return returnUrl(visit, 'cancelled');
}
