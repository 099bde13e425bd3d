import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { type MailRow, mails } from '../../db/schema';
import type { OutgoingMail } from '../../mail/mailer';

/** Development mailbox: keep the mail in the database instead of sending it. */
export async function storeMail({ ctx, input }: { ctx: AppContext; input: OutgoingMail }): Promise<MailRow> {
  const [row] = await ctx.db
    .insert(mails)
    .values({
      id: newId(),
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      attachments: input.attachments ?? [],
    })
    .returning();
  return row as MailRow;
}
