import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type MailRow, mails } from '../../db/schema';
import { notFound } from '../../errors';

export async function getMail({ ctx, input }: { ctx: AppContext; input: { id: string } }): Promise<MailRow> {
  const [row] = await ctx.db.select().from(mails).where(eq(mails.id, input.id));
  if (!row) throw notFound('No such mail');
  return row;
}
