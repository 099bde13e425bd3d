// The one poll loop of the app (never two for one order): loaded by the pages that wait on an order
// (use-order-wait.ts), not with the app's entry. What it fetches is kept like any other answer (queries.ts).
import { browserConnectivity } from '../../lib/connectivity';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../lib/http/errors';
import { ordersApi } from './api';
import { createPollLoop } from './model/poll-loop';
import { rememberOrder } from './queries';

export const orderPollLoop = createPollLoop({
  fetchOrder: (id, signal) => ordersApi.get(id, signal),
  connectivity: browserConnectivity,
  isOffline: (error) => error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT),
  onOrder: rememberOrder,
});
