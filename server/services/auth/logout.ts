import { eq } from 'drizzle-orm';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { forgetSessions } from './session-cache';

/** POST /auth/logout: revokes this session only. */
export async function logout({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, input.session.sessionId));
  forgetSessions({ ctx, input: { sessionId: input.session.sessionId } });
}
