// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Push with polling as the fallback (issue 16): the order's stream delivers while it is up and the loop does not poll;
// while it is down the loop polls every 2.5 s; never both. The SSE client parses, reconnects with backoff, resends
// Last-Event-ID and reports a silent stream as down.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/orders';
import { createPollLoop, type LiveSource, ORDER_POLL_MS } from '../../src/features/orders/model/poll-loop';
import type { Connectivity } from '../../src/lib/connectivity';
import {
  connectEventStream,
  createSseParser,
  RECONNECT_MS,
  type SseMessage,
  STALE_MS,
} from '../../src/lib/event-stream';
import { order } from './fixtures/orders';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A push channel the test opens and closes by hand. */
function fakeLive() {
  let handlers: Parameters<LiveSource>[1] | null = null;
  let closed = 0;
  const live: LiveSource = (_id, h) => {
    handlers = h;
    return () => {
      closed += 1;
    };
  };
  return {
    live,
    up: () => handlers?.onStatus(true),
    down: () => handlers?.onStatus(false),
    push: (o: Order) => handlers?.onOrder(o),
    closed: () => closed,
  };
}

function setup() {
  const fetchOrder = vi.fn(async (_id: string, _s: AbortSignal) => order('PRODUCT_PENDING'));
  const channel = fakeLive();
  const seen: Order[] = [];
  const loop = createPollLoop({ fetchOrder, live: channel.live });
  const stop = loop.watch('o1', { onOrder: (o) => seen.push(o), onLoadFailed: () => {} });
  return { fetchOrder, channel, seen, loop, stop };
}

describe('order loop: stream first, poll as the fallback', () => {
  it('polls every 2.5 s while the stream is not connected', async () => {
    const { fetchOrder } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    expect(fetchOrder).toHaveBeenCalledTimes(4);
  });

  it('does not poll while the stream is up, and takes the orders it sends', async () => {
    const { fetchOrder, channel, seen } = setup();
    await vi.advanceTimersByTimeAsync(0);
    channel.up();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 10);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    channel.push(order('PRODUCT_ACQUIRED'));
    expect(seen.at(-1)?.state).toBe('PRODUCT_ACQUIRED');
  });

  it('the stream going down fetches at once and polls again; back up stops the polls (never both)', async () => {
    const { fetchOrder, channel } = setup();
    await vi.advanceTimersByTimeAsync(0);
    channel.up();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    channel.down();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchOrder).toHaveBeenCalledTimes(2); // the catch-up load
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(fetchOrder).toHaveBeenCalledTimes(4);
    channel.up();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).toHaveBeenCalledTimes(4);
  });

  it('a poll under way when the stream comes up schedules no next poll', async () => {
    let answer: (o: Order) => void = () => {};
    const fetchOrder = vi.fn(
      (_id: string, _s: AbortSignal) =>
        new Promise<Order>((resolve) => {
          answer = resolve;
        }),
    );
    const channel = fakeLive();
    const loop = createPollLoop({ fetchOrder, live: channel.live });
    loop.watch('o1', { onOrder: () => {}, onLoadFailed: () => {} });
    channel.up();
    answer(order('PRODUCT_PENDING'));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it('stopping the loop closes the stream and ignores what it still sends', async () => {
    const { channel, seen, stop, loop } = setup();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    expect(channel.closed()).toBe(1);
    channel.push(order('COMPLETED'));
    expect(seen.map((o) => o.state)).not.toContain('COMPLETED');
    expect(loop.isPolling('o1')).toBe(false);
  });

  it('watching the order again replaces the loop and its stream (one owner per order)', async () => {
    const fetchOrder = vi.fn(async (_id: string, _s: AbortSignal) => order('PRODUCT_PENDING'));
    const opened: number[] = [];
    let closed = 0;
    const live: LiveSource = () => {
      opened.push(Date.now());
      return () => {
        closed += 1;
      };
    };
    const loop = createPollLoop({ fetchOrder, live });
    loop.watch('o1', { onOrder: () => {}, onLoadFailed: () => {} });
    loop.watch('o1', { onOrder: () => {}, onLoadFailed: () => {} });
    expect(opened).toHaveLength(2);
    expect(closed).toBe(1);
  });
});

describe('SSE parsing', () => {
  it('splits events across chunks, joins data lines, skips comments', () => {
    const got: (SseMessage | null)[] = [];
    const feed = createSseParser((m) => got.push(m));
    feed(': connected\n\nevent: order\nid: v1\nda');
    feed('ta: {"a":1}\n\nevent: order\r\ndata: x\r\ndata: y\r\n\r\n');
    expect(got).toEqual([
      null,
      { event: 'order', id: 'v1', data: '{"a":1}' },
      { event: 'order', id: null, data: 'x\ny' },
    ]);
  });
});

describe('event stream client', () => {
  /** A fetch whose streams the test writes to and ends. */
  function fakeServer() {
    const requests: { headers: Record<string, string> }[] = [];
    const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
    const enc = new TextEncoder();
    let refuse = false;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ headers: init?.headers as Record<string, string> });
      if (refuse) return new Response('{}', { status: 503 });
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controllers.push(c);
          init?.signal?.addEventListener('abort', () => {
            try {
              c.error(new DOMException('aborted', 'AbortError'));
            } catch {}
          });
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    return {
      fetch: fetch as unknown as typeof globalThis.fetch,
      requests,
      send: (text: string) => controllers.at(-1)?.enqueue(enc.encode(text)),
      end: () => controllers.at(-1)?.close(),
      refuse: (v: boolean) => {
        refuse = v;
      },
    };
  }
  const online: Connectivity = { isOnline: () => true, subscribe: () => () => {} };

  it('reports up and down, delivers data, reconnects after a drop with Last-Event-ID', async () => {
    const server = fakeServer();
    const status: boolean[] = [];
    const data: unknown[] = [];
    const close = connectEventStream({
      request: () => ({ url: 'http://x/api/v4/order/o1/events', headers: { Authorization: 'Bearer t' } }),
      event: 'order',
      onData: (d) => data.push(d),
      onStatus: (s) => status.push(s),
      fetch: server.fetch,
      connectivity: online,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toEqual([true]);
    server.send('event: order\nid: v7\ndata: {"state":"PRODUCT_PENDING"}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(data).toEqual([{ state: 'PRODUCT_PENDING' }]);
    server.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(RECONNECT_MS[0]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['Last-Event-ID']).toBe('v7');
    expect(server.requests[1]?.headers.Authorization).toBe('Bearer t');
    expect(status).toEqual([true, false, true]);
    close();
  });

  it('a stream silent past STALE_MS counts as down; refused connects back off', async () => {
    const server = fakeServer();
    const status: boolean[] = [];
    const close = connectEventStream({
      request: () => ({ url: 'http://x/e', headers: {} }),
      event: 'station',
      onData: () => {},
      onStatus: (s) => status.push(s),
      fetch: server.fetch,
      connectivity: online,
    });
    await vi.advanceTimersByTimeAsync(0);
    server.refuse(true);
    await vi.advanceTimersByTimeAsync(STALE_MS);
    expect(status).toEqual([true, false]);
    const before = server.requests.length;
    await vi.advanceTimersByTimeAsync(RECONNECT_MS[0] + RECONNECT_MS[1] + RECONNECT_MS[2]);
    expect(server.requests.length - before).toBe(3);
    expect(status).toEqual([true, false]);
    close();
  });
});
