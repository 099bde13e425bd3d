import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** A login lives one month (shell-and-account.md §4: "The stored login lives one month"). */
export const SESSION_DAYS = 30;

/** Opens a session; answers the bearer token (only its sha256 is stored). Pass `db` to run inside a transaction. */
export async function createSession({
  ctx,
  input,
  db = ctx.db,
}: {
  ctx: AppContext;
  input: { userId: string; tempPass?: boolean };
  db?: Db;
}): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    id: newId(),
    tokenHash: sha256Hex(token),
    userId: input.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000),
    tempPass: input.tempPass ?? false,
  });
  return token;
}
