import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { ApiError, forbidden } from '../../errors';
import { escapeHtml } from '../../mail/mailer';
import { loadOwnThing } from '../things';
import { loadOwnUser } from './load-user';
import { toDataExport } from './user-json';

/**
 * GET /events/request-data-dump: mails the registered user a JSON export of their data; with thingId, that vehicle's
 * too (one of the caller's own vehicles, else 404).
 */
export async function requestDataDump({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId?: string | undefined };
}): Promise<{ requested: true; sentTo: string }> {
  if (input.session.isGuest) throw forbidden('Guests have no data to export; please register');
  const vehicle =
    input.thingId === undefined
      ? undefined
      : await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.thingId } });
  const { row } = await loadOwnUser({ ctx, input: { session: input.session } });
  if (!row.email) throw new ApiError(422, 'unprocessable', 'This user has no email address');
  const data = { exportedAt: new Date().toISOString(), user: toDataExport(row), ...(vehicle ? { vehicle } : {}) };
  const json = JSON.stringify(data, null, 2);
  await ctx.mailer.send({
    to: row.email,
    subject: 'Your Forecourt Pay data export',
    text: `Here is the data Forecourt Pay keeps about you, as JSON (also attached as forecourt-pay-data.json):\n\n${json}\n`,
    html: `<p>Here is the data Forecourt Pay keeps about you, as JSON (also attached as forecourt-pay-data.json):</p><pre>${escapeHtml(json)}</pre>`,
    attachments: [{ filename: 'forecourt-pay-data.json', contentType: 'application/json', content: json }],
  });
  return { requested: true, sentTo: row.email };
}
