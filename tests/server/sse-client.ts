// Reads a Server-Sent Events answer in server tests: events as they arrive, with a timeout per wait.
export type SseEvent = { event: string; id: string | null; data: string };

export type SseReader = {
  /** The next event (comments skipped) matching `match`, or throws after `timeoutMs`. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Every event seen so far. */
  seen: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
};

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error('no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const seen: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let cursor = 0;
  let done = false;
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', id: null, data: '' };
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [name, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            fields += 1;
            if (name === 'event') e.event = value;
            else if (name === 'id') e.id = value;
            else if (name === 'data') e.data = e.data ? `${e.data}\n${value}` : value;
          }
          if (fields > 0) seen.push(e);
          for (const w of [...waiters]) w();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // cancelled
    } finally {
      done = true;
      for (const w of [...waiters]) w();
    }
  })();
  return {
    seen,
    ended,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (cursor < seen.length) {
          const e = seen[cursor++] as SseEvent;
          if (match(e)) return e;
        }
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms (seen ${seen.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          const w = () => {
            clearTimeout(timer);
            waiters.delete(w);
            resolve();
          };
          waiters.add(w);
        });
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}
