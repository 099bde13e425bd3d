// The one poll loop of the app (never two for one order): loaded by the pages that wait on an order
// (use-order-wait.ts), not with the app's entry. The order's event stream (GET v4/order/{id}/events) feeds it; the
// 2.5 s poll runs only while the stream is down. What either brings is kept like any other answer (queries.ts).
import { browserConnectivity } from '../../lib/connectivity';
import { connectEventStream } from '../../lib/event-stream';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../lib/http/errors';
import { lazySchema, streamRequest } from '../../lib/http/index';
import { ordersApi } from './api';
import { createPollLoop, type LiveSource } from './model/poll-loop';
import { rememberOrder } from './queries';

// The order's schema (zod) loads with the first stream, not with the waiting pages (issue 16: no zod on the pay path).
const orderSchema = lazySchema(() => import('../../../contract/orders').then((m) => m.order));

const orderStream: LiveSource = (orderId, handlers) => {
  // Without streaming fetch (very old browsers) the loop simply polls.
  if (typeof TextDecoderStream === 'undefined') return () => {};
  let open = true;
  const schema = orderSchema.load();
  const stop = connectEventStream({
    request: () => streamRequest(`v4/order/${encodeURIComponent(orderId)}/events`),
    event: 'order',
    connectivity: browserConnectivity,
    onStatus: handlers.onStatus,
    onData: (data) => {
      // One loaded promise: the events keep their order (its callbacks run first in, first out).
      void schema.then((order) => {
        const parsed = order.safeParse(data);
        if (open && parsed.success && parsed.data._id === orderId) handlers.onOrder(parsed.data);
      });
    },
  });
  // Should the schema's chunk not load, the stream is dropped and the poll (which parses its own answers) takes over.
  schema.catch(() => {
    if (!open) return;
    open = false;
    stop();
    handlers.onStatus(false);
  });
  return () => {
    open = false;
    stop();
  };
};

export const orderPollLoop = createPollLoop({
  fetchOrder: (id, signal) => ordersApi.get(id, signal),
  live: orderStream,
  connectivity: browserConnectivity,
  isOffline: (error) => error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT),
  onOrder: rememberOrder,
});
