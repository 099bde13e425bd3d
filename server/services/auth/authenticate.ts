import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sha256Hex } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import { type AppContext, preparedFor } from '../../context';
import { sessions, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { cachedSession, rememberSession, sessionMark } from './session-cache';

/** Resolves a bearer token to its live session; invalid, expired or revoked → 401 invalid_session. */
export async function authenticate({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { token: string };
}): Promise<AuthSession> {
  const tokenHash = sha256Hex(input.token);
  // Sessions live in wall-clock time (they are created with it), not in the simulator's clock.
  const now = new Date();
  const cached = cachedSession({ ctx, input: { tokenHash, now: now.getTime() } });
  if (cached) return cached;
  const mark = sessionMark({ ctx });
  const [row] = await preparedLookup({ ctx }).execute({ tokenHash, now });
  if (!row) throw new DomainError('unauthenticated', 'invalid_session', 'Invalid login session');
  const { expiresAt, ...session } = row;
  rememberSession({
    ctx,
    input: { tokenHash, session, sessionExpires: expiresAt.getTime(), now: now.getTime(), mark },
  });
  return session;
}

/** Every authenticated request runs this: prepared once per database (no query building, a planned statement). */
function preparedLookup({ ctx }: { ctx: AppContext }) {
  return preparedFor(ctx, 'authenticate.lookup', () =>
    ctx.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        tempPass: sessions.tempPass,
        accountId: users.accountId,
        email: users.email,
        isGuest: users.isGuest,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('auth_session_lookup'),
  );
}
