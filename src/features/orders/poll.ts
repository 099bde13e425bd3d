// The one poll loop of the app (never two for one order): loaded by the pages that wait on an order
// (use-order-wait.ts), not with the app's entry. The order's event stream (GET v4/order/{id}/events) feeds it; the
// 2.5 s poll runs only while the stream is down. What either brings is kept like any other answer (queries.ts).
import { order as orderSchema } from '../../contract/orders';
import { browserConnectivity } from '../../lib/connectivity';
import { connectEventStream } from '../../lib/event-stream';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../lib/http/errors';
import { streamRequest } from '../../lib/http/index';
import { ordersApi } from './api';
import { createPollLoop, type LiveSource } from './model/poll-loop';
import { rememberOrder } from './queries';

const orderStream: LiveSource = (orderId, handlers) => {
  // Without streaming fetch (very old browsers) the loop simply polls.
  if (typeof TextDecoderStream === 'undefined') return () => {};
  return connectEventStream({
    request: () => streamRequest(`v4/order/${encodeURIComponent(orderId)}/events`),
    event: 'order',
    connectivity: browserConnectivity,
    onStatus: handlers.onStatus,
    onData: (data) => {
      const parsed = orderSchema.safeParse(data);
      if (parsed.success && parsed.data._id === orderId) handlers.onOrder(parsed.data);
    },
  });
};

export const orderPollLoop = createPollLoop({
  fetchOrder: (id, signal) => ordersApi.get(id, signal),
  live: orderStream,
  connectivity: browserConnectivity,
  isOffline: (error) => error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT),
  onOrder: rememberOrder,
});
