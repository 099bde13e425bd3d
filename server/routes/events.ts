// Live views as Server-Sent Events (issue 16): an order to its owner (the same Bearer session as GET /v4/order/{id}),
// a station to anyone (like GET /v4/pois/{id}). Each event is the full JSON of that GET; see http/sse.ts.
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { liveStream } from '../http/sse';
import type { AppEnv } from '../http/types';
import { orderTopic, stationTopic } from '../services/events';
import { loadOrder } from '../services/orders';
import { getPoi } from '../services/stations';

/** A running meter is re-read this often on an order's stream (litres and amount move on the fueling screen). */
export const METER_REFRESH_MS = 1_000;

export function eventRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/v4/order/:id/events', requireAuth(ctx), async (c) => {
    const input = { orderId: c.req.param('id'), userId: c.get('session').userId };
    // Refused before the stream opens: someone else's order is 404, as on GET.
    await loadOrder({ ctx, input });
    return liveStream(c, ctx, {
      topic: orderTopic(input.orderId),
      event: 'order',
      load: () => loadOrder({ ctx, input }),
      refreshAfterMs: (order) => (order.meter?.running ? METER_REFRESH_MS : null),
    });
  });

  r.get('/v4/pois/:id/events', async (c) => {
    const id = c.req.param('id');
    await getPoi({ ctx, input: { id } });
    return liveStream(c, ctx, {
      topic: stationTopic(id),
      event: 'station',
      load: () => getPoi({ ctx, input: { id } }),
    });
  });

  return r;
}
