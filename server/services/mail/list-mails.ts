import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type MailRow, mails } from '../../db/schema';

/** Development mailbox, newest first; optionally only the mails to one address. */
export async function listMails({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { to?: string | undefined; limit?: number };
}): Promise<MailRow[]> {
  const q = ctx.db.select().from(mails);
  const filtered = input.to ? q.where(eq(mails.to, input.to.trim().toLowerCase())) : q;
  return filtered.orderBy(desc(mails.createdAt), desc(mails.id)).limit(input.limit ?? 200);
}
