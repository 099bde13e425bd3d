// The payment PIN (cloud functions save_pin, validate_pin, user_has_pin; shell-and-account.md §4 "Payment PIN", §5
// "PIN accepts digits only"; pay-flows.md §9 "PIN length 4"). Three wrong PINs in a row lock validation; the account
// password unlocks it. The PIN is kept as an argon2id hash (slow on purpose: 10,000 PINs are quick to try otherwise).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { paymentPins, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { issuePaymentProof } from './payment-proof';

export const PIN_LENGTH = 4;
export const PIN_MAX_FAILURES = 3;
const PIN_SHAPE = /^\d{4}$/;

function checkShape(pin: unknown): string {
  if (typeof pin !== 'string' || !PIN_SHAPE.test(pin)) {
    throw new DomainError('unprocessable', 'unprocessable', `The PIN must be exactly ${PIN_LENGTH} digits`, [
      { path: 'pin', message: `Exactly ${PIN_LENGTH} digits` },
    ]);
  }
  return pin;
}

const locked = () =>
  new DomainError('forbidden', 'forbidden', 'Too many wrong PINs: unlock the PIN with your account password', {
    reason: 'pin_locked',
  });

async function checkPassword(ctx: AppContext, userId: string, password: string | undefined): Promise<void> {
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!password || !user?.hash || !(await verifyPassword(user.hash, password))) {
    throw new DomainError('forbidden', 'wrong_password', 'The account password is not correct', {
      reason: 'wrong_password',
    });
  }
}

/** user_has_pin: whether a PIN is set, and whether it is locked. */
export async function pinStatus({ ctx, input }: { ctx: AppContext; input: { userId: string } }) {
  const [row] = await ctx.db
    .select({ lockedAt: paymentPins.lockedAt })
    .from(paymentPins)
    .where(eq(paymentPins.userId, input.userId));
  return row ? { result: true, locked: !!row.lockedAt } : { result: false };
}

/**
 * save_pin: set the PIN. Changing an existing one needs the account password, or the lock (and the PIN itself)
 * would be worth nothing to whoever holds the unlocked phone.
 */
export async function savePin({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; pin: unknown; password?: string | undefined };
}) {
  const pin = checkShape(input.pin);
  const [existing] = await ctx.db
    .select({ userId: paymentPins.userId })
    .from(paymentPins)
    .where(eq(paymentPins.userId, input.userId));
  if (existing) await checkPassword(ctx, input.userId, input.password);
  const pinHash = await hashPassword(ctx.env, pin);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(paymentPins)
      .values({ userId: input.userId, pinHash, updatedAt: now })
      .onConflictDoUpdate({
        target: paymentPins.userId,
        set: { pinHash, failures: 0, lockedAt: null, updatedAt: now },
      });
    // The account's two-factor method is the PIN now, unless it already was WebAuthn (that one stays first).
    await tx
      .update(users)
      .set({ twoFactorMethod: 'pin' })
      .where(and(eq(users.id, input.userId), sql`${users.twoFactorMethod} <> 'webauthn'`));
  });
  return { result: true };
}

/**
 * validate_pin: 403 for a wrong PIN (pay-flows.md §5). The count moves in one guarded UPDATE (`locked_at is null`):
 * however many tries run at once, exactly three are counted and the third locks. A right PIN while locked is refused.
 */
export async function validatePin({ ctx, input }: { ctx: AppContext; input: { userId: string; pin: unknown } }) {
  const pin = checkShape(input.pin);
  const [row] = await ctx.db.select().from(paymentPins).where(eq(paymentPins.userId, input.userId));
  if (!row) throw new DomainError('not_found', 'not_found', 'No payment PIN is set');
  if (row.lockedAt) throw locked();
  const right = await verifyPassword(row.pinHash, pin);
  const now = ctx.clock.now();
  const open = and(eq(paymentPins.userId, input.userId), isNull(paymentPins.lockedAt));
  if (right) {
    const [reset] = await ctx.db
      .update(paymentPins)
      .set({ failures: 0 })
      .where(open)
      .returning({ userId: paymentPins.userId });
    if (!reset) throw locked();
    // The proof the authorize payload carries (the server's side of the validation step).
    return { result: true, paymentProof: await issuePaymentProof(ctx, input.userId) };
  }
  const [counted] = await ctx.db
    .update(paymentPins)
    .set({
      failures: sql`${paymentPins.failures} + 1`,
      lockedAt: sql`case when ${paymentPins.failures} + 1 >= ${PIN_MAX_FAILURES} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(open)
    .returning({ failures: paymentPins.failures });
  if (!counted) throw locked();
  if (counted.failures >= PIN_MAX_FAILURES) throw locked();
  throw new DomainError('forbidden', 'forbidden', 'The PIN is not correct', {
    reason: 'wrong_pin',
    triesLeft: PIN_MAX_FAILURES - counted.failures,
  });
}

/** Unlock the PIN after the lock: the account password proves it is the driver. */
export async function unlockPin({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; password: string | undefined };
}) {
  await checkPassword(ctx, input.userId, input.password);
  await ctx.db
    .update(paymentPins)
    .set({ failures: 0, lockedAt: null, updatedAt: ctx.clock.now() })
    .where(eq(paymentPins.userId, input.userId));
  return { result: true };
}
