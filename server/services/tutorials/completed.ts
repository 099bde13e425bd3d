// GET/POST /v4/users/completed-tutorials (§4 "A tutorial is completed when a completion record is posted for its topic
// and language"). Posting again keeps the first completion (a replay from the outbox changes nothing).
import { and, asc, eq } from 'drizzle-orm';
import type { CompletedTutorial, CompletedTutorialBody, TutorialLanguage } from '../../../contract/tutorials';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { completedTutorials } from '../../db/schema';
import { DomainError } from '../../errors';
import { isTopic } from './content-service';

type Row = typeof completedTutorials.$inferSelect;
const toJson = (row: Row): CompletedTutorial => ({
  topicId: row.topicId,
  tutorialLanguage: row.tutorialLanguage as TutorialLanguage,
  completedAt: row.completedAt.toISOString(),
});

export async function listCompletedTutorials({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }) {
  const rows = await ctx.db
    .select()
    .from(completedTutorials)
    .where(eq(completedTutorials.userId, input.session.userId))
    .orderBy(asc(completedTutorials.completedAt), asc(completedTutorials.topicId));
  return rows.map(toJson);
}

export async function completeTutorial({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: CompletedTutorialBody };
}): Promise<{ created: boolean; record: CompletedTutorial }> {
  const { session, body } = input;
  if (session.isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to keep your tutorials');
  if (!isTopic(body.topicId)) {
    throw new DomainError('unprocessable', 'unprocessable', 'No such tutorial topic', [
      { path: 'topicId', message: 'Unknown topic' },
    ]);
  }
  const now = ctx.clock.now();
  // A completion time from the device (made offline) is kept, but never one in the future.
  const at = body.completedAt ? new Date(Math.min(new Date(body.completedAt).getTime(), now.getTime())) : now;
  const inserted = await ctx.db
    .insert(completedTutorials)
    .values({ userId: session.userId, topicId: body.topicId, tutorialLanguage: body.tutorialLanguage, completedAt: at })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { created: true, record: toJson(inserted[0]) };
  const [existing] = await ctx.db
    .select()
    .from(completedTutorials)
    .where(
      and(
        eq(completedTutorials.userId, session.userId),
        eq(completedTutorials.topicId, body.topicId),
        eq(completedTutorials.tutorialLanguage, body.tutorialLanguage),
      ),
    );
  if (!existing) throw new DomainError('conflict', 'conflict', 'The completion was removed meanwhile');
  return { created: false, record: toJson(existing) };
}
