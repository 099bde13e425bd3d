// Builds one data export (a job row of data_exports) into its ZIP, in the background: claimed from PENDING by one
// process, written file by file into data_export_chunks, READY with an expiry, then the driver gets a mail. A failure
// leaves FAILED with no bytes; an export whose process died is taken up again (resume-exports.ts).
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExportChunks, dataExports, historyImageChunks, historyImages, users } from '../../db/schema';
import { MAIL, type MailMessage, mailHtml, mailI18n, mailLocale } from '../../mail/i18n';
import { escapeHtml } from '../../mail/mailer';
import { EXPORT_MAIL } from './mail-messages';
import { exportReadme } from './readme';
import { type ExportRow, imageFileName, SECTIONS } from './sections';
import { zipIntoChunks } from './zip-chunks';

/** The page of the app that shows the export and its download button. */
export const EXPORT_SCREEN_PATH = '/profile/manage';

export async function buildExport({ ctx, input }: { ctx: AppContext; input: { exportId: string } }): Promise<boolean> {
  const now = ctx.clock.now();
  const [job] = await ctx.db
    .update(dataExports)
    .set({ state: 'BUILDING', owner: ctx.process.id, startedAt: now, error: null })
    .where(and(eq(dataExports.id, input.exportId), eq(dataExports.state, 'PENDING')))
    .returning();
  if (!job) return false; // another process has it, or it is done
  try {
    await ctx.db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, job.id));
    const [user] = await ctx.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, job.userId));
    const sink = zipIntoChunks(ctx, job.id, now);
    const files = ['README.txt', 'export.json'];
    for (const s of SECTIONS) files.push(`${s.file}.json`, `${s.file}.csv`);
    await sink.file('README.txt', [exportReadme({ exportedAt: now, email: user?.email ?? null, userId: job.userId })]);
    const meta = {
      exportedAt: now,
      userId: job.userId,
      email: user?.email ?? null,
      requestedVehicle: job.thingId,
      files,
    };
    await sink.file('export.json', [`${JSON.stringify(meta, null, 2)}\n`]);
    for (const s of SECTIONS) {
      await sink.file(`${s.file}.json`, jsonArray(s.rows(ctx, job.userId)));
      await sink.file(`${s.file}.csv`, csv(s.columns, s.rows(ctx, job.userId)));
    }
    for await (const image of readyImages(ctx, job.userId)) {
      // Images are compressed already: stored as they are.
      await sink.file(imageFileName(image), imageBytes(ctx, image.id), { compress: false });
    }
    const { byteSize, fileCount } = await sink.finish();
    const readyAt = ctx.clock.now();
    const expiresAt = new Date(readyAt.getTime() + ctx.env.dataExportTtlMs);
    await ctx.db
      .update(dataExports)
      .set({ state: 'READY', readyAt, expiresAt, byteSize, fileCount, owner: null })
      .where(eq(dataExports.id, job.id));
    if (user?.email) await mailReady(ctx, user.email, user.language ?? job.locale, expiresAt);
    return true;
  } catch (err) {
    ctx.log.error(`data export ${job.id} failed`, err);
    await ctx.db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, job.id));
    await ctx.db
      .update(dataExports)
      .set({ state: 'FAILED', owner: null, error: err instanceof Error ? err.message.slice(0, 500) : 'failed' })
      .where(eq(dataExports.id, job.id));
    return false;
  }
}

/** The ready mail, in the account's language, else the one the app had when the export was requested. */
async function mailReady(ctx: AppContext, to: string, locale: string, expiresAt: Date): Promise<void> {
  const i18n = mailI18n(mailLocale({ acceptLanguage: locale }));
  // server/mail/i18n.ts types its messages as those of server/mail/messages.ts; it reads only the id.
  const t = (m: { id: string }, values?: Record<string, string>) => i18n.t(m as unknown as MailMessage, values);
  const link = `${ctx.env.publicUrl}${EXPORT_SCREEN_PATH}`;
  const until = expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  const lines = [t(MAIL.greeting), t(EXPORT_MAIL.intro), t(EXPORT_MAIL.where), t(EXPORT_MAIL.until, { until })];
  const subject = t(EXPORT_MAIL.subject);
  await ctx.mailer.send({
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${lines[2]}\n${link}\n\n${lines[3]}\n\n${t(MAIL.signature)}\n`,
    html: mailHtml({
      locale: i18n.locale,
      title: subject,
      paragraphs: [
        escapeHtml(lines[0] ?? ''),
        escapeHtml(lines[1] ?? ''),
        `${escapeHtml(lines[2] ?? '')}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
        escapeHtml(lines[3] ?? ''),
        escapeHtml(t(MAIL.signature)),
      ],
    }),
    locale: i18n.locale,
  });
}

async function* jsonArray(rows: AsyncIterable<ExportRow>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header line, CRLF line ends, UTF-8 with a byte order mark (spreadsheets then read umlauts). */
async function* csv(columns: string[], rows: AsyncIterable<ExportRow>): AsyncIterable<string> {
  yield `\uFEFF${columns.map(csvCell).join(',')}\r\n`;
  for await (const row of rows) yield `${columns.map((c) => csvCell(row[c])).join(',')}\r\n`;
}

async function* readyImages(ctx: AppContext, userId: string) {
  let after = '';
  for (;;) {
    const page = await ctx.db
      .select({ id: historyImages.id, eventId: historyImages.eventId, contentType: historyImages.contentType })
      .from(historyImages)
      .where(and(eq(historyImages.userId, userId), eq(historyImages.ready, true), gt(historyImages.id, after)))
      .orderBy(asc(historyImages.id))
      .limit(100);
    yield* page;
    if (page.length < 100) return;
    after = page[page.length - 1]?.id ?? after;
  }
}

/** An image's bytes a stored piece at a time. */
async function* imageBytes(ctx: AppContext, imageId: string): AsyncIterable<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [piece] = await ctx.db
      .select({ data: historyImageChunks.data })
      .from(historyImageChunks)
      .where(and(eq(historyImageChunks.imageId, imageId), eq(historyImageChunks.seq, seq)));
    if (!piece) return;
    yield piece.data;
  }
}
