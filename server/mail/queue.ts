// The mail queue (issue 36): every mail is a row of mail_queue, written in the caller's transaction (ctx.mailer), and
// goes out from there with retries, so a relay that is down loses nothing, a restart loses nothing, and a mail that
// could not go out after its retries stays visible (state failed, its last error: logged, counted on /metrics as
// forecourt_mail_queue_mails{state="failed"}, listed by the console's GET /forecourt/api/mail).
// - One process sends: the drainer, started on the forecourt leader (or the process elected for the queue; see
//   server/index.ts). A request never talks to the relay. A row is announced with NOTIFY "m:" in the writer's
//   transaction (delivered on commit, never for a rollback); the drainer hears it and drains shortly after, and polls
//   for retries and for what a crash or a restart left.
// - A claim is one UPDATE that moves the row's next attempt a lease ahead (FOR UPDATE SKIP LOCKED), so two drainers
//   (a leadership hand-over) never send one row.
// - Backoff: MAIL_RETRY_SECONDS, doubling per attempt (capped at an hour); after MAIL_MAX_ATTEMPTS attempts, or at
//   once on a permanent refusal (an SMTP 5xx answer to the mail itself), the mail is given up (failed). A sent or failed mail's body is
//   emptied.
// - A row of another kind than `mail` is written into a mail when it is sent (`preparers`): the forgotten-password
//   row becomes the temporary-password mail then, and what it changes (the temporary password) is written only once
//   the relay accepted it. A preparer that answers null drops the row (no such account): nothing is sent.
import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, max, min, ne, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { newId } from '../auth/crypto';
import type { Db } from '../db/client';
import { type MailQueueKind, type MailQueueRow, mailQueue } from '../db/schema';
import type { Metrics } from '../ops/metrics';
import { CHANNEL } from '../services/events/topics';
import type { MailDelivery, OutgoingMail } from './mailer';

/** The notification payload that says "a mail was queued" (on the app's one channel). */
export const MAIL_QUEUED_KEY = 'm:';

export type Mailer = {
  /** True when mail goes to the development mailbox instead of SMTP. */
  devMailbox: boolean;
  /** Queues the mail on this context's database handle (the caller's transaction, if any); the drainer sends it. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Queues a row the drainer writes into a mail when it sends it (`preparers` of createMailQueue): the same row,
   * whatever the drainer will make of it.
   */
  queue(row: { kind: Exclude<MailQueueKind, 'mail'>; to: string; locale: string }): Promise<void>;
  /**
   * Whether mail goes out now: false after a recent failure that no success followed, while the relay check fails,
   * or when due mails wait unclaimed (no drainer). The forgotten-password answer's 503.
   */
  available(): Promise<boolean>;
};

/** A row made ready to send: the mail, and what its acceptance by the relay changes (in the transaction that marks it sent). */
export type PreparedMail = { mail: OutgoingMail; onSent?: (tx: Db) => Promise<unknown> };
/** Writes a queued row of its kind into a mail; null: nothing to send (the row is dropped). */
export type MailPreparer = (row: MailQueueRow) => Promise<PreparedMail | null>;

export type MailQueue = {
  delivery: MailDelivery;
  /** The mailer of a context on `db` (the process's handle, or a transaction's). */
  mailerOn(db: Db): Mailer;
  /** Checks the relay (connection, TLS, login) and logs one line: ok, or the reason. Not fatal. */
  verify(): Promise<string | null>;
  /** This process drains the queue (the leader): on every NOTIFY "m:", and polling, until stop(). */
  start(): void;
  stop(): Promise<void>;
  /** One pass over the due mails after any pass under way (the drainer's step; tests call it): how many it claimed. */
  drainDue(): Promise<number>;
  /** The operator's view: counts by state, the given-up and waiting mails (newest first; no bodies). */
  overview(): Promise<MailQueueOverview>;
};

export type MailQueueOverview = {
  counts: { queued: number; sent: number; failed: number };
  available: boolean;
  mails: {
    id: string;
    kind: MailQueueKind;
    to: string;
    subject: string;
    state: 'queued' | 'failed';
    attempts: number;
    lastError: string | null;
    createdAt: string;
    lastAttemptAt: string | null;
    nextAttemptAt: string | null;
  }[];
};

type Log = { info(line: string, fields?: Record<string, unknown>): void; error(line: string, err?: unknown): void };
type Background = { run(what: string, task: () => Promise<unknown>): void };
type Events = { watchAll(listener: (key: string | null) => void): Promise<() => void> };

/** A claimed mail is the claimer's for this long (longer than nodemailer's timeouts together). */
const LEASE_MS = 120_000;
/** The drainer looks for due retries this often (a queued mail is announced, not polled for). */
const POLL_MS = 5_000;
/** After an announcement, the drain waits this long: the answer of the request that queued it goes first. */
const KICK_DELAY_MS = 20;
const MAX_BACKOFF_MS = 3_600_000;
/** A failure this recent, with no success after it, says mail is failing. */
const RECENT_FAILURE_MS = 10 * 60_000;
/** A due mail nobody claimed for this long says the queue is stuck (no drainer). */
const STUCK_MS = 2 * 60_000;
/** A failed relay check is repeated at most this often (the relay may come back). */
const REVERIFY_MS = 60_000;
const KEEP_SENT_MS = 7 * 24 * 3_600_000;
const KEEP_FAILED_MS = 30 * 24 * 3_600_000;
const BATCH = 20;

export function createMailQueue(opts: {
  db: Db;
  delivery: MailDelivery;
  retry: { maxAttempts: number; retrySeconds: number };
  /** What the relay is, for the log line of its check (no password). */
  relay: string;
  preparers: Partial<Record<MailQueueKind, MailPreparer>>;
  events: Events;
  background: Background;
  log: Log;
}): MailQueue {
  const { db, delivery, log } = opts;
  let verifyError: string | null = null;
  let verifiedAt = 0;
  let verifying: Promise<string | null> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unwatch: Promise<() => void> | undefined;
  let kick: ReturnType<typeof setTimeout> | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  let lastPrune = 0;

  const verify = () => {
    verifying ??= delivery
      .verify()
      .then((error) => {
        verifyError = error;
        verifiedAt = Date.now();
        if (delivery.kind === 'smtp') {
          if (error) log.error(`mail: the relay check of ${opts.relay} failed: ${error} (mail waits in the queue)`);
          else log.info(`mail: the relay check of ${opts.relay} passed (connection, TLS and login)`);
        }
        return error;
      })
      .finally(() => {
        verifying = undefined;
      });
    return verifying;
  };

  /** Takes the due mails, moving their next attempt a lease ahead. */
  async function claim(): Promise<MailQueueRow[]> {
    const now = new Date();
    const due = and(eq(mailQueue.state, 'queued'), lte(mailQueue.nextAttemptAt, now));
    const pick = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(due)
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(inArray(mailQueue.id, pick), due))
      .returning();
  }

  const fromRow = (row: MailQueueRow): PreparedMail => ({
    mail: {
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      attachments: row.attachments,
      locale: row.locale,
    },
  });

  async function failed(row: MailQueueRow, attempts: number, err: unknown, subject = row.subject): Promise<void> {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    // Permanent: the relay refused this mail itself (its sender, a recipient or the message: 5xx to MAIL FROM, RCPT TO
    // or DATA). A refusal of the connection, TLS or the login is the set-up's (the operator can fix it): retried.
    const { responseCode, code } = (err ?? {}) as { responseCode?: unknown; code?: unknown };
    const permanent =
      (code === 'EENVELOPE' || code === 'EMESSAGE') &&
      typeof responseCode === 'number' &&
      responseCode >= 500 &&
      responseCode < 600;
    const giveUp = permanent || attempts >= opts.retry.maxAttempts;
    const now = Date.now();
    const backoff = Math.min(MAX_BACKOFF_MS, opts.retry.retrySeconds * 1000 * 2 ** (attempts - 1));
    await db
      .update(mailQueue)
      .set({
        attempts,
        subject,
        lastError: reason,
        lastAttemptAt: new Date(now),
        ...(giveUp
          ? { state: 'failed' as const, text: '', html: null, attachments: [] }
          : { nextAttemptAt: new Date(now + backoff) }),
      })
      .where(eq(mailQueue.id, row.id));
    if (giveUp) {
      log.error(`mail ${row.id} (${row.kind}) to ${row.to} given up after ${attempts} attempt(s): ${reason}`);
    } else {
      log.info(`mail ${row.id}: attempt ${attempts} failed (${reason}); next in ${Math.round(backoff / 1000)} s`);
    }
  }

  async function attempt(row: MailQueueRow): Promise<void> {
    const attempts = row.attempts + 1;
    let prepared: PreparedMail | null;
    try {
      const prepare = row.kind === 'mail' ? undefined : opts.preparers[row.kind];
      if (row.kind !== 'mail' && !prepare) throw new Error(`no preparer for mail of kind ${row.kind}`);
      prepared = prepare ? await prepare(row) : fromRow(row);
    } catch (err) {
      await failed(row, attempts, err);
      return;
    }
    if (!prepared) {
      // Nothing to send (a forgotten-password request for an address without an account).
      await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
      return;
    }
    const ready = prepared;
    try {
      await delivery.deliver(ready.mail);
    } catch (err) {
      await failed(row, attempts, err, ready.mail.subject);
      return;
    }
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx
        .update(mailQueue)
        .set({
          state: 'sent',
          attempts,
          sentAt: now,
          lastAttemptAt: now,
          subject: ready.mail.subject,
          text: '',
          html: null,
          attachments: [],
        })
        .where(eq(mailQueue.id, row.id));
      await ready.onSent?.(tx as unknown as Db);
    });
    // The relay took a mail: a failed check is over.
    verifyError = null;
  }

  async function drainDue(): Promise<number> {
    let claimed = 0;
    for (;;) {
      const rows = await claim();
      claimed += rows.length;
      for (const row of rows) await attempt(row);
      if (rows.length < BATCH) break;
    }
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      const sentBefore = new Date(Date.now() - KEEP_SENT_MS);
      const failedBefore = new Date(Date.now() - KEEP_FAILED_MS);
      await db.delete(mailQueue).where(and(eq(mailQueue.state, 'sent'), lt(mailQueue.createdAt, sentBefore)));
      await db.delete(mailQueue).where(and(eq(mailQueue.state, 'failed'), lt(mailQueue.createdAt, failedBefore)));
    }
    return claimed;
  }

  /** One pass after the other (never two at once in this process): how many mails it claimed. */
  const drainSoon = (): Promise<number> => {
    const next = pass.then(drainDue);
    pass = next.catch((err) => log.error('mail queue: a pass failed', err));
    return next;
  };

  async function available(on: Db): Promise<boolean> {
    if (verifyError && Date.now() - verifiedAt > REVERIFY_MS) void verify();
    const [[failedAt], [sentAt], [dueAt]] = await Promise.all([
      on
        .select({ at: max(mailQueue.lastAttemptAt) })
        .from(mailQueue)
        .where(and(ne(mailQueue.state, 'sent'), isNotNull(mailQueue.lastError))),
      on
        .select({ at: max(mailQueue.lastAttemptAt) })
        .from(mailQueue)
        .where(eq(mailQueue.state, 'sent')),
      on
        .select({ at: min(mailQueue.nextAttemptAt) })
        .from(mailQueue)
        .where(eq(mailQueue.state, 'queued')),
    ]);
    const now = Date.now();
    const lastFailure = failedAt?.at ? new Date(failedAt.at).getTime() : null;
    const lastSuccess = sentAt?.at ? new Date(sentAt.at).getTime() : 0;
    if (lastFailure !== null && lastFailure > lastSuccess && now - lastFailure < RECENT_FAILURE_MS) return false;
    if (dueAt?.at && now - new Date(dueAt.at).getTime() > STUCK_MS) return false;
    if (verifyError && verifiedAt > lastSuccess) return false;
    return true;
  }

  const announce = (on: Db) => on.execute(sql`select pg_notify(${CHANNEL}, ${MAIL_QUEUED_KEY})`);

  return {
    delivery,
    verify,
    mailerOn: (on) => ({
      devMailbox: delivery.kind === 'mailbox',
      async send(mail) {
        await on.insert(mailQueue).values({
          id: newId(),
          kind: 'mail',
          to: mail.to,
          locale: mail.locale ?? 'en',
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          attachments: mail.attachments ?? [],
        });
        await announce(on);
      },
      async queue(row) {
        await on.insert(mailQueue).values({ id: newId(), kind: row.kind, to: row.to, locale: row.locale });
        await announce(on);
      },
      available: () => available(on),
    }),
    start() {
      if (timer) return;
      void verify();
      timer = setInterval(() => void drainSoon().catch(() => {}), POLL_MS);
      timer.unref();
      unwatch = opts.events.watchAll((key) => {
        // A mail was queued (or notifications were lost: look anyway).
        if (key !== MAIL_QUEUED_KEY && key !== null) return;
        if (kick) return;
        kick = setTimeout(() => {
          kick = undefined;
          opts.background.run('mail queue', () => drainSoon());
        }, KICK_DELAY_MS);
      });
      void drainSoon().catch(() => {});
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (kick) clearTimeout(kick);
      kick = undefined;
      const stopWatching = unwatch;
      unwatch = undefined;
      if (stopWatching) (await stopWatching)();
      await pass;
    },
    drainDue: drainSoon,
    async overview() {
      const [rows, list, ok] = await Promise.all([
        db.select({ state: mailQueue.state, n: count() }).from(mailQueue).groupBy(mailQueue.state),
        db.select().from(mailQueue).where(ne(mailQueue.state, 'sent')).orderBy(desc(mailQueue.createdAt)).limit(100),
        available(db),
      ]);
      const n = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
      return {
        counts: { queued: n('queued'), sent: n('sent'), failed: n('failed') },
        available: ok,
        mails: list.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          state: m.state === 'failed' ? ('failed' as const) : ('queued' as const),
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
          lastAttemptAt: m.lastAttemptAt?.toISOString() ?? null,
          nextAttemptAt: m.state === 'queued' ? m.nextAttemptAt.toISOString() : null,
        })),
      };
    },
  };
}

/** /metrics: the queue's mails by state (forecourt_mail_queue_mails) and its waiting/lag in forecourt_queue_*. */
export function registerMailMetrics(metrics: Metrics, db: Db, mailer: () => Mailer): void {
  metrics.addQueue('mail', async () => {
    const [row] = await db
      .select({ n: count(), oldest: min(mailQueue.createdAt) })
      .from(mailQueue)
      .where(eq(mailQueue.state, 'queued'));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return { waiting: row?.n ?? 0, oldestSeconds: oldest === null ? null : Math.max(0, (Date.now() - oldest) / 1000) };
  });
  new Gauge({
    name: 'forecourt_mail_queue_mails',
    help: 'Mails in the mail queue by state: queued (waiting or retrying), sent (kept 7 days), failed (given up after their retries: GET /forecourt/api/mail lists them)',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await db.select({ state: mailQueue.state, n: count() }).from(mailQueue).groupBy(mailQueue.state);
      this.reset();
      for (const state of ['queued', 'sent', 'failed'] as const)
        this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'forecourt_mail_queue_available',
    help: '1 when mail goes out (no recent failure, the relay check passed, nothing stuck), else 0: the forgotten-password request answers 503 then',
    registers: [metrics.registry],
    async collect() {
      this.set((await mailer().available()) ? 1 : 0);
    },
  });
}
