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
import { idempotencyKey, idempotentWrite, sendStored } from '../http/idempotency';
import type { AppEnv } from '../http/types';
import { query, readJson, validate } from '../http/validate';
import { requestFingerprint, runIdempotent } from '../services/idempotency';
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

  r.post('/v4/order', auth, async (c) => {
    const key = idempotencyKey(c);
    const raw = await readJson(c);
    const body = validate(createOrderBody, raw);
    const session = c.get('session');
    const partner = c.req.header(PARTNER_HEADER)?.trim().slice(0, 100) || undefined;
    const fingerprint = requestFingerprint('POST', c.req.path, { body: raw, partner: partner ?? null });
    const res = await runIdempotent({
      ctx,
      input: { userId: session.userId, key, fingerprint },
      run: async () => ({
        status: 201,
        body: JSON.stringify(await createOrder({ ctx, input: { session, body, partner } })),
      }),
    });
    return sendStored(c, res);
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

  r.post('/v4/order/:id/authorize', auth, async (c) => {
    const key = idempotencyKey(c);
    const raw = await readJson(c);
    const body = validate(authorizeBody, raw);
    const session = c.get('session');
    const orderId = c.req.param('id');
    // The validation step's proof is a credential, not part of what is paid: pressing pay again after a new PIN is
    // the same payment (its answer replays), not another request under the same key.
    const { paymentProof: _proof, ...paid } = body;
    const fingerprint = requestFingerprint('POST', c.req.path, paid);
    const res = await runIdempotent({
      ctx,
      input: { userId: session.userId, key, fingerprint },
      run: async () => ({
        status: 200,
        body: JSON.stringify(await authorizeOrder({ ctx, input: { session, orderId, body } })),
      }),
    });
    return sendStored(c, res);
  });

  r.post('/v4/order/:id/cancel', auth, async (c) => {
    const raw = await readJson(c);
    return idempotentWrite(ctx, c, raw, () =>
      cancelOrder({ ctx, input: { session: c.get('session'), orderId: c.req.param('id') } }),
    );
  });

  r.put('/v4/order/:id/acquire/stop', auth, async (c) => {
    return c.json(await stopAcquire({ ctx, input: { session: c.get('session'), orderId: c.req.param('id') } }));
  });

  r.patch('/v4/order/:id/update-order', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(updateOrderBody, raw);
    return idempotentWrite(ctx, c, raw, () =>
      updateOrder({ ctx, input: { session: c.get('session'), orderId: c.req.param('id'), ...body } }),
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
