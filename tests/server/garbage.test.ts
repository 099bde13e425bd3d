// Issue 16 (≤ 200 MiB resident on PGlite, idle): the server collects its garbage once it goes quiet after serving,
// and a collection hands the freed heap back (server/garbage.ts).
import { EventEmitter } from 'node:events';
import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectGarbage, collectWhenIdle } from '../../server/garbage';

describe('collectWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once on the first quiet tick after requests, not while they come, not again until they come back', () => {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = collectWhenIdle(server, { tickMs: 1000, collect });

    vi.advanceTimersByTime(5000); // a server nobody has asked anything yet: nothing to collect
    expect(collect).not.toHaveBeenCalled();

    for (let second = 0; second < 5; second++) {
      server.emit('request');
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled(); // busy every tick

    vi.advanceTimersByTime(1000); // the first tick without a request
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000); // quiet on: once is enough
    expect(collect).toHaveBeenCalledTimes(1);

    server.emit('request');
    vi.advanceTimersByTime(2000); // one tick sees it, the next is quiet
    expect(collect).toHaveBeenCalledTimes(2);

    stop();
    server.emit('request');
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(server.listenerCount('request')).toBe(0);
  });
});

describe('collectGarbage', () => {
  it('hands the pages of dead objects back: the heap is smaller afterwards, the live objects are kept', () => {
    let dead: { text: string; numbers: number[] }[] | null = [];
    for (let i = 0; i < 300_000; i++) dead.push({ text: `garbage ${i}`, numbers: [i, i + 1, i + 2] });
    const live = dead.filter((_, i) => i % 100 === 0);
    dead = null;
    const before = getHeapStatistics();
    collectGarbage();
    const after = getHeapStatistics();
    expect(after.used_heap_size).toBeLessThan(before.used_heap_size);
    // One collection alone frees the objects but keeps nearly all the pages (147 → 137 MiB by hand); the repeated
    // ones give them back.
    expect(after.total_heap_size).toBeLessThan(before.total_heap_size - 20 * 1024 * 1024);
    expect(live).toHaveLength(3000);
    expect(live[2999]?.text).toBe('garbage 299900');
  });
});
