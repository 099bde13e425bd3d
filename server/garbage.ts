// When the server collects its garbage by itself (issue 16: ≤ 200 MiB resident on PGlite, idle). V8 collects when
// allocation asks for it; a server that goes quiet allocates too little for that, so whatever a start or a burst of
// requests left (dead objects in the old generation, large buffers) stayed resident until the next burst.
import type { EventEmitter } from 'node:events';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Full garbage collections now, until the heap stops shrinking (at most 6). One collection frees the dead objects but
 * V8 hands their pages back over the next ones: a heap of 147 MiB with 14 MiB alive went to 137, 96, 56, 47, 47 MiB
 * over five. V8 exposes its collector only with --expose-gc: set it for the one new context that fetches the
 * function, then unset it.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  let size = getHeapStatistics().total_heap_size;
  for (let i = 0; i < 6; i++) {
    gc();
    const now = getHeapStatistics().total_heap_size;
    if (size - now < 1024 * 1024 && i > 0) break;
    size = now;
  }
}

/**
 * Collects (collectGarbage) once the HTTP server has gone quiet after serving: every `tickMs` it looks whether requests came
 * since the last look; the first look that finds none after one that did collects (so 1-2 ticks after the last
 * request), and nothing more until requests come again. A steady trickle (one driver polling) never collects here:
 * V8 does, as it allocates. `npm run bench -- memory`, after 1,000 drivers for 20 s and 10 s idle: 217-219 MiB
 * without it, 180-181 with it (the old generation went from 71 MiB to 33).
 * Returns the function that stops it.
 */
export function collectWhenIdle(
  server: EventEmitter,
  { tickMs = 5_000, collect = collectGarbage }: { tickMs?: number; collect?: () => void } = {},
): () => void {
  let served = 0;
  let owed = false;
  const onRequest = () => {
    served++;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (served > 0) {
      owed = true;
      served = 0;
    } else if (owed) {
      owed = false;
      collect();
    }
  }, tickMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
