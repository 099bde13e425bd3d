import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';

/** A login lives one month (shell-and-account.md §4: "The stored login lives one month"). */
const SESSION_DAYS = 30;

/** Opens a session; answers the bearer token (only its sha256 is stored). With `tx`, inside the caller's transaction. */
export async function createSession({
  ctx,
  input,
  tx,
}: {
  ctx: AppContext;
  input: { userId: string; tempPass?: boolean };
  tx?: Tx;
}): Promise<string> {
  const db = tx ?? ctx.db;
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
