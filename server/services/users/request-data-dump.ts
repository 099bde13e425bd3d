import type { AppContext } from '../../context';
import { ApiError, forbidden, notFound } from '../../errors';
import { escapeHtml } from '../../mail/mailer';
import type { AuthSession } from '../auth/authenticate';
import { loadOwnUser } from './load-user';
import { toDataExport } from './user-json';

/** GET /events/request-data-dump: mails the registered user a JSON export of their data. */
export async function requestDataDump({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId?: string | undefined };
}): Promise<{ requested: true; sentTo: string }> {
  if (input.session.isGuest) throw forbidden('Guests have no data to export; please register');
  // No vehicles exist yet: any thingId is unknown. The vehicles issue replaces this with a lookup.
  if (input.thingId !== undefined) throw notFound('No such vehicle');
  const { row } = await loadOwnUser({ ctx, input: { session: input.session } });
  if (!row.email) throw new ApiError(422, 'unprocessable', 'This user has no email address');
  const json = JSON.stringify({ exportedAt: new Date().toISOString(), user: toDataExport(row) }, null, 2);
  await ctx.mailer.send({
    to: row.email,
    subject: 'Your Forecourt Pay data export',
    text: `Here is the data Forecourt Pay keeps about you, as JSON:\n\n${json}\n`,
    html: `<p>Here is the data Forecourt Pay keeps about you, as JSON:</p><pre>${escapeHtml(json)}</pre>`,
  });
  return { requested: true, sentTo: row.email };
}
