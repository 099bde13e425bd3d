// The lottery benefit (shell-and-account.md §2.4 "Lottery: join and view the lottery", §7 GET /v4/rewards-status, GET
// optins/name/{name}, POST /optins). Offered only to accounts with the gamification feature (§3 Account features,
// §6). Joining is the consent (the spec's body is {name, action}; its time is kept as consentAt); a body that says
// consent: false is refused (422 lottery_consent_required). Joining works only while the lottery runs (422 lottery_closed), and
// joining again keeps the first join (200 with the same joinedAt), so a repeated request is harmless.
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Lottery, LotteryStatus, Optin, OptinBody, RewardsStatus } from '../../../contract/benefits';
import { errorCodes } from '../../../contract/errors';
import { tutorialLanguageOf } from '../../../contract/tutorials';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts, lotteries, optins } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

type LotteryRow = typeof lotteries.$inferSelect;
type OptinRow = typeof optins.$inferSelect;

/** A drawn lottery stays listed this long after its end (the driver sees they took part). */
const SHOWN_AFTER_END_MS = 30 * 86_400_000;

export function lotteryStatusAt(row: Pick<LotteryRow, 'startsAt' | 'endsAt'>, now: Date): LotteryStatus {
  if (now < row.startsAt) return 'UPCOMING';
  if (now < row.endsAt) return 'RUNNING';
  return 'DRAWN';
}

async function gamificationOn(ctx: AppContext, session: AuthSession): Promise<boolean> {
  const [row] = await ctx.db
    .select({ features: accounts.features })
    .from(accounts)
    .where(eq(accounts.id, session.accountId));
  return row?.features.gamification === true;
}

function toLottery(row: LotteryRow, optin: OptinRow | undefined, language: string | null, now: Date): Lottery {
  const texts = row.texts[tutorialLanguageOf(language) ?? 'en'] ?? row.texts.en ?? Object.values(row.texts)[0];
  return {
    id: row.id,
    name: row.name,
    title: texts?.title ?? row.name,
    description: texts?.description ?? '',
    prize: texts?.prize ?? '',
    terms: texts?.terms ?? '',
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    status: lotteryStatusAt(row, now),
    hasJoined: !!optin,
    joinedAt: optin?.createdAt.toISOString() ?? null,
  };
}

const toOptin = (name: string, row: OptinRow | undefined): Optin => ({
  name,
  hasJoined: !!row,
  joinedAt: row?.createdAt.toISOString() ?? null,
  consentAt: row?.consentAt.toISOString() ?? null,
});

/** GET /v4/rewards-status: the lotteries running, coming or just drawn, each with whether the caller joined. */
export async function rewardsStatus({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; language: string | null };
}): Promise<RewardsStatus> {
  const { session } = input;
  if (session.isGuest || !(await gamificationOn(ctx, session))) return { lotteries: [], hasJoined: false };
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(lotteries)
    .where(gt(lotteries.endsAt, new Date(now.getTime() - SHOWN_AFTER_END_MS)))
    .orderBy(lotteries.endsAt);
  const mine = rows.length
    ? await ctx.db
        .select()
        .from(optins)
        .where(
          and(
            eq(optins.userId, session.userId),
            inArray(
              optins.name,
              rows.map((r) => r.name),
            ),
          ),
        )
    : [];
  const list = rows.map((row) =>
    toLottery(
      row,
      mine.find((o) => o.name === row.name),
      input.language,
      now,
    ),
  );
  return { lotteries: list, hasJoined: list.some((l) => l.hasJoined && l.status === 'RUNNING') };
}

async function lotteryNamed(ctx: AppContext, name: string): Promise<LotteryRow> {
  const [row] = await ctx.db.select().from(lotteries).where(eq(lotteries.name, name));
  if (!row) throw notFound('No such opt-in');
  return row;
}

async function ownOptin(ctx: AppContext, userId: string, name: string): Promise<OptinRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(optins)
    .where(and(eq(optins.userId, userId), eq(optins.name, name)));
  return row;
}

/** GET optins/name/{name}: whether the caller joined; an unknown name is 404. */
export async function getOptin({ ctx, input }: { ctx: AppContext; input: { session: AuthSession; name: string } }) {
  await lotteryNamed(ctx, input.name);
  return toOptin(input.name, await ownOptin(ctx, input.session.userId, input.name));
}

/** POST /optins {name, action: JOIN} (consent: true may be said; consent: false is refused). */
export async function joinOptin({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: OptinBody };
}): Promise<{ created: boolean; optin: Optin }> {
  const { session, body } = input;
  if (session.isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to join the lottery');
  if (!(await gamificationOn(ctx, session))) {
    throw new DomainError('forbidden', 'forbidden', 'The lottery is not offered for your account');
  }
  const lottery = await lotteryNamed(ctx, body.name);
  const existing = await ownOptin(ctx, session.userId, body.name);
  if (existing) return { created: false, optin: toOptin(body.name, existing) };
  if (body.consent === false) {
    throw new DomainError(
      'unprocessable',
      errorCodes.lotteryConsentRequired,
      'Joining the lottery needs your consent to its terms',
      [{ path: 'consent', message: 'Required' }],
    );
  }
  const now = ctx.clock.now();
  if (lotteryStatusAt(lottery, now) !== 'RUNNING') {
    throw new DomainError('unprocessable', errorCodes.lotteryClosed, 'This lottery is not open for joining');
  }
  const [row] = await ctx.db
    .insert(optins)
    .values({ id: newId(), userId: session.userId, name: body.name, consentAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (row) return { created: true, optin: toOptin(body.name, row) };
  // Two joins at once: the other one won; it is the same join.
  return { created: false, optin: toOptin(body.name, await ownOptin(ctx, session.userId, body.name)) };
}
