// A Server-Sent Events client over fetch (the order stream needs the Bearer header, which EventSource cannot send).
// It keeps one stream open while wanted: reconnects with backoff, sends Last-Event-ID so an unchanged snapshot is not
// sent again, treats a stream silent for STALE_MS (no event, no heartbeat) as dead, and waits while offline. It only
// reports: `onStatus(true|false)` when the stream comes up or goes down (the owner polls while it is down), and the
// data of each named event. Fetch, timers and connectivity are injected, so tests drive it with fake timers.
import { alwaysOnline, type Connectivity, realTimers, type Timers } from './connectivity';

/** The server sends a heartbeat every 15 s; two missed and a bit: the stream is dead. */
export const STALE_MS = 35_000;
/** Waits before reconnecting, by attempt (the last repeats). */
export const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export type SseMessage = { event: string; id: string | null; data: string };

/** Splits a text chunk stream into SSE messages; keeps the unfinished tail. Comments (":") are returned as null. */
export function createSseParser(onMessage: (m: SseMessage | null) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const m: SseMessage = { event: 'message', id: null, data: '' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields += 1;
        if (name === 'event') m.event = value;
        else if (name === 'id') m.id = value;
        else if (name === 'data') m.data = m.data ? `${m.data}\n${value}` : value;
      }
      onMessage(fields > 0 ? m : null);
      cut = buffer.indexOf('\n\n');
    }
  };
}

export type EventStreamOptions = {
  /** The stream's URL and headers, asked at each (re)connect (the session token may have changed). */
  request: () => { url: string; headers: Record<string, string> };
  /** The event name whose data is delivered. */
  event: string;
  onData: (data: unknown) => void;
  onStatus: (open: boolean) => void;
  fetch?: typeof fetch;
  timers?: Timers;
  connectivity?: Connectivity;
};

/** Opens the stream and keeps it open until the returned function is called. */
export function connectEventStream(opts: EventStreamOptions): () => void {
  const timers = opts.timers ?? realTimers;
  const connectivity = opts.connectivity ?? alwaysOnline;
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let closed = false;
  let open = false;
  let attempt = 0;
  let lastId: string | null = null;
  let controller: AbortController | null = null;
  let retry: unknown = null;
  let stale: unknown = null;

  const setOpen = (next: boolean) => {
    if (open === next) return;
    open = next;
    if (!closed) opts.onStatus(next);
  };
  const watchdog = () => {
    if (stale !== null) timers.clearTimeout(stale);
    stale = timers.setTimeout(() => controller?.abort(), STALE_MS);
  };
  const later = () => {
    if (closed || retry !== null) return;
    if (!connectivity.isOnline()) return; // the online event reconnects
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] as number;
    attempt += 1;
    retry = timers.setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
  };

  async function connect(): Promise<void> {
    if (closed || controller || !connectivity.isOnline()) return;
    const mine = new AbortController();
    controller = mine;
    try {
      const { url, headers } = opts.request();
      const res = await doFetch(url, {
        headers: { ...headers, Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: mine.signal,
        cache: 'no-store',
      });
      if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
        throw new Error(`event stream refused: ${res.status}`);
      }
      setOpen(true);
      watchdog();
      const parse = createSseParser((m) => {
        watchdog();
        if (!m || m.event !== opts.event) return;
        attempt = 0; // a stream that delivers is healthy: the next drop reconnects quickly
        if (m.id !== null) lastId = m.id;
        let data: unknown;
        try {
          data = JSON.parse(m.data);
        } catch {
          return;
        }
        opts.onData(data);
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        parse(value);
      }
    } catch {
      // refused, dropped, aborted (stale, offline, closed): the owner polls until the next stream is up
    } finally {
      if (stale !== null) timers.clearTimeout(stale);
      stale = null;
      if (controller === mine) controller = null;
      setOpen(false);
      later();
    }
  }

  const unsubscribe = connectivity.subscribe((online) => {
    if (closed) return;
    if (online) {
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      attempt = 0;
      void connect();
    } else {
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      controller?.abort();
    }
  });
  void connect();

  return () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (retry !== null) timers.clearTimeout(retry);
    if (stale !== null) timers.clearTimeout(stale);
    controller?.abort(); // the owner closed it: no status call
  };
}
