// A live view as Server-Sent Events: the current snapshot on connect (skipped when the client's Last-Event-ID is that
// very version), then a fresh snapshot after each change the hub announces. Backpressure: one write at a time and at
// most one reload pending — a slow client gets the newest snapshot later, never a growing queue; a client that reads
// nothing for WRITE_TIMEOUT_MS is dropped. Heartbeat comments keep proxies and the client's watchdog awake; the stream
// ends when the client goes, when the hub closes (shutdown: with a `retry:` hint first, so the browser's EventSource
// reconnects after a second or two, through the balancer to a node that runs) or when the thing can no longer be loaded.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppContext } from '../context';
import { isDomainError } from '../errors';
import type { Topic } from '../services/events';
import type { AppEnv } from './types';

/** A comment line this often (the client treats 2 missed heartbeats as a dead stream). */
export const HEARTBEAT_MS = 15_000;
/** A write the client has not taken within this long: the client is gone or stuck; drop it. */
const WRITE_TIMEOUT_MS = 20_000;
/** The reconnection delay sent when the node stops: 1-2 s, spread so the streams of a node do not return at once. */
const SHUTDOWN_RETRY_MS = 1_000;
const SHUTDOWN_RETRY_SPREAD_MS = 1_000;
/** How long the retry hint may take to reach a client before its stream ends anyway. */
const SHUTDOWN_WRITE_MS = 1_000;

/** The version of a snapshot: its content's hash (the event id, and the ETag of the same JSON). */
export function versionOf(json: string): string {
  return createHash('sha1').update(json).digest('base64url').slice(0, 16);
}

export type LiveOptions<T> = {
  topic: Topic;
  /** The event name of a snapshot ("order", "station"). */
  event: string;
  load: () => Promise<T>;
  /** Reload this long after a snapshot even without a change (a running meter), or null. */
  refreshAfterMs?: (value: T) => number | null;
};

export function liveStream<T>(c: Context<AppEnv>, ctx: AppContext, opts: LiveOptions<T>): Response {
  const lastEventId = c.req.header('last-event-id') ?? null;
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let finished = false;
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let sent = lastEventId;
    let writing = false;
    let dirty = false;
    let refresh: NodeJS.Timeout | undefined;
    const end = () => {
      if (finished) return;
      finished = true;
      clearInterval(heartbeat);
      if (refresh) clearTimeout(refresh);
      finish();
    };

    const write = async (text: string) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), WRITE_TIMEOUT_MS);
      });
      const result = await Promise.race([stream.write(text).then(() => 'ok' as const), timeout]);
      clearTimeout(timer);
      if (result === 'timeout' || stream.aborted) {
        stream.abort();
        end();
      }
    };

    const pump = async () => {
      if (finished) return;
      if (writing) {
        dirty = true;
        return;
      }
      writing = true;
      try {
        do {
          dirty = false;
          if (refresh) clearTimeout(refresh);
          refresh = undefined;
          let value: T;
          try {
            value = await opts.load();
          } catch (err) {
            // Gone (deleted, no longer the caller's) or the database failed: end; the client polls meanwhile.
            if (!isDomainError(err)) ctx.log.error(`event stream ${opts.event}: load failed`, err);
            end();
            return;
          }
          if (finished) return;
          const json = JSON.stringify(value);
          const id = versionOf(json);
          if (id !== sent) {
            await write(`event: ${opts.event}\nid: ${id}\ndata: ${json}\n\n`);
            sent = id;
          }
          const after = opts.refreshAfterMs?.(value) ?? null;
          if (after !== null && !finished) refresh = setTimeout(() => void pump(), after);
        } while (dirty && !finished);
      } finally {
        writing = false;
      }
    };

    const heartbeat = setInterval(() => {
      if (!writing && !finished) void write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    stream.onAbort(end);
    // Shutdown: the hint, then the end (a write under way is not waited for: the hint is a line of its own).
    const stopClose = ctx.events.onClose(() => {
      if (finished) return;
      const retry = SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
      const hinted = stream.write(`retry: ${retry}\n\n`).catch(() => {});
      const late = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WRITE_MS).unref());
      void Promise.race([hinted, late]).finally(end);
    });
    ctx.metrics.streamsOpen.inc({ event: opts.event });
    let unsubscribe: () => void = () => {};
    try {
      unsubscribe = await ctx.events.subscribe(opts.topic, () => void pump());
      // Headers and a first line at once: the client knows the stream is up before the first change.
      await write(': connected\n\n');
      await pump();
      await done;
    } catch (err) {
      ctx.log.error(`event stream ${opts.event} failed`, err);
    } finally {
      end();
      unsubscribe();
      stopClose();
      ctx.metrics.streamsOpen.dec({ event: opts.event });
    }
  });
}
