// GET/POST /v4/loyalty-subscriptions, DELETE /v4/loyalty-subscriptions/{id} (shell-and-account.md §7 Loyalty).
// Errors (§8 partner loyalty errors): a card number in the wrong format 422 loyalty_card_number; a program already on
// the caller's cards 409 loyalty_already_enrolled; the partner form under 16 years 422 loyalty_age; a Q8 Smiles card
// the partner does not know (sandbox: numbers starting 79) 422 loyalty_not_enrolled, so the app offers the partner's
// create-account form; the partner refusing a new account (sandbox: numbers ending 0000) 422 loyalty_api_error.
import { and, asc, eq } from 'drizzle-orm';
import {
  isAtLeastAge,
  isValidCardNumber,
  type LoyaltySubscription,
  type LoyaltySubscriptionBody,
  normaliseCardNumber,
  PARTNER_MIN_AGE,
} from '../../../contract/loyalty';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { loyaltySubscriptions } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { enabledProviders, PROGRAMS } from './programs';

type Row = typeof loyaltySubscriptions.$inferSelect;

function toJson(row: Row): LoyaltySubscription {
  const program = PROGRAMS[row.provider];
  return {
    id: row.id,
    provider: row.provider,
    name: program.name,
    programName: program.name,
    icon: program.icon,
    details: { cardNumber: row.cardNumber, email: row.email },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }) {
  const rows = await ctx.db
    .select()
    .from(loyaltySubscriptions)
    .where(eq(loyaltySubscriptions.userId, input.session.userId))
    .orderBy(asc(loyaltySubscriptions.createdAt), asc(loyaltySubscriptions.id));
  return rows.map(toJson);
}

const field = (path: string, message: string) => [{ path, message }];

export async function createSubscription({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: LoyaltySubscriptionBody };
}): Promise<LoyaltySubscription> {
  const { session, body } = input;
  if (session.isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to add loyalty cards');
  if (!(await enabledProviders(ctx, session)).includes(body.provider)) {
    throw new DomainError('forbidden', 'forbidden', 'This loyalty program is not available for your account');
  }
  if (!isValidCardNumber(body.provider, body.cardNumber)) {
    throw new DomainError(
      'unprocessable',
      'loyalty_card_number',
      'The card number has not the format of this program',
      field('cardNumber', 'Invalid format'),
    );
  }
  const cardNumber = normaliseCardNumber(body.cardNumber);
  const account = body.createAccount;
  if (account) {
    if (!PROGRAMS[body.provider].canCreateAccount) {
      throw new DomainError(
        'unprocessable',
        'unprocessable',
        'This program has no account to create',
        field('createAccount', 'Not offered'),
      );
    }
    const today = ctx.clock.now().toISOString().slice(0, 10);
    if (account.birthDate && !isAtLeastAge(account.birthDate, today, PARTNER_MIN_AGE)) {
      throw new DomainError(
        'unprocessable',
        'loyalty_age',
        `You must be at least ${PARTNER_MIN_AGE} years old`,
        field('createAccount.birthDate', 'Too young'),
      );
    }
    if (cardNumber.endsWith('0000')) {
      throw new DomainError(
        'unprocessable',
        'loyalty_api_error',
        'The partner could not create the account',
        field('cardNumber', 'Refused by the partner'),
      );
    }
  } else if (body.provider === 'Q8_SMILES' && cardNumber.startsWith('79')) {
    throw new DomainError(
      'unprocessable',
      'loyalty_not_enrolled',
      'This card is not enrolled with the partner yet',
      field('cardNumber', 'Not enrolled'),
    );
  }
  try {
    const [row] = await ctx.db
      .insert(loyaltySubscriptions)
      .values({
        id: newId(),
        userId: session.userId,
        provider: body.provider,
        cardNumber,
        email: body.email ?? account?.email ?? null,
        partnerAccount: account ?? null,
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toJson(row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError(
        'conflict',
        'loyalty_already_enrolled',
        'You already have a card of this program',
        field('provider', 'Already enrolled'),
      );
    }
    throw err;
  }
}

export async function deleteSubscription({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; id: string };
}) {
  const [gone] = await ctx.db
    .delete(loyaltySubscriptions)
    .where(and(eq(loyaltySubscriptions.id, input.id), eq(loyaltySubscriptions.userId, input.session.userId)))
    .returning({ id: loyaltySubscriptions.id });
  if (!gone) throw notFound('No such loyalty card');
  return { deleted: true as const };
}
