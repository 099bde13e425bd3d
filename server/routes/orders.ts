// /api/v4/order..., /api/v4/ongoing-orders, /api/v4/redemption-codes (the payment methods: routes/payment-methods.ts).
// HTTP only: headers, validation with the contract, idempotency keys, the services.
import { Hono } from 'hono';
import {
  authorizeBody,
  createOrderBody,
  ongoingOrdersQuery,
  PARTNER_HEADER,
  updateOrderBody,
} from '../../contract/orders';
import { redeemCodeBody } from '../../contract/wash';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { ifNoneMatches, jsonWithEtagOf, notModified } from '../http/etag';
import { idempotentWrite } from '../http/idempotency';
import type { AppEnv } from '../http/types';
import { query, readJson, validate } from '../http/validate';
import {
  authorizeOrder,
  cancelOrder,
  createOrder,
  knownVersion,
  listOngoingOrders,
  loadOrder,
  redeemCode,
  rememberVersion,
  stopAcquire,
  updateOrder,
  versionMark,
} from '../services/orders';

export function orderRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);

  // The Idempotency-Key is optional (the spec names none): with one, a repeat replays the first answer; without, each
  // request is a new order (a client that retries blindly should send one).
  r.post('/v4/order', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(createOrderBody, raw);
    const session = c.get('session');
    const partner = c.req.header(PARTNER_HEADER)?.trim().slice(0, 100) || undefined;
    return idempotentWrite(
      ctx,
      c,
      { body: raw, partner: partner ?? null },
      (tx) => createOrder({ ctx: tx, input: { session, body, partner } }),
      201,
    );
  });

  // The polling hot path: an unchanged order answers 304 to its ETag (private: only this driver's browser keeps it).
  // The per-order version: an unchanged order the caller already has is a 304 without a query (order-versions.ts).
  r.get('/v4/order/:id', auth, async (c) => {
    const input = { orderId: c.req.param('id'), userId: c.get('session').userId };
    const known = knownVersion({ ctx, input: { ...input, now: Date.now() } });
    if (known && ifNoneMatches(c, known)) return notModified(c, known, 'private, no-cache');
    const mark = versionMark({ ctx, input: { now: Date.now() } });
    const order = await loadOrder({ ctx, input });
    const { response, tag } = jsonWithEtagOf(c, order, 'private, no-cache');
    // A running meter or a live charge moves without a write: those are loaded every time.
    if (order.meter == null && order.charge == null) {
      rememberVersion({ ctx, input: { ...input, etag: tag, mark, now: Date.now() } });
    }
    return response;
  });

  // Optional Idempotency-Key as above; without one, the order's own states refuse a second authorization (409).
  r.post('/v4/order/:id/authorize', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(authorizeBody, raw);
    const session = c.get('session');
    const orderId = c.req.param('id');
    // The validation step's proof is a credential, not part of what is paid: pressing pay again after a new PIN is
    // the same payment (its answer replays), not another request under the same key.
    const { paymentProof: _proof, ...paid } = body;
    return idempotentWrite(ctx, c, paid, (tx) => authorizeOrder({ ctx: tx, input: { session, orderId, body } }));
  });

  r.post('/v4/order/:id/cancel', auth, async (c) => {
    const raw = await readJson(c);
    return idempotentWrite(ctx, c, raw, (tx) =>
      cancelOrder({ ctx: tx, input: { session: c.get('session'), orderId: c.req.param('id') } }),
    );
  });

  r.put('/v4/order/:id/acquire/stop', auth, async (c) => {
    return c.json(await stopAcquire({ ctx, input: { session: c.get('session'), orderId: c.req.param('id') } }));
  });

  r.patch('/v4/order/:id/update-order', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(updateOrderBody, raw);
    return idempotentWrite(ctx, c, raw, (tx) =>
      updateOrder({ ctx: tx, input: { session: c.get('session'), orderId: c.req.param('id'), ...body } }),
    );
  });

  // A wash code used at the terminal (single-use; only the driver who bought it).
  r.patch('/v4/redemption-codes/:id', auth, async (c) => {
    const raw = await readJson(c);
    validate(redeemCodeBody, raw);
    return c.json(await redeemCode({ ctx, input: { session: c.get('session'), codeId: c.req.param('id') } }));
  });

  r.get('/v4/ongoing-orders', auth, async (c) => {
    const q = query(c, ongoingOrdersQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listOngoingOrders({ ctx, input: { userId: c.get('session').userId, limit: q.limit } }));
  });

  return r;
}
