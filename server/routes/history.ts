// The logbook's calls (shell-and-account.md §7 History): /v4/account-history..., /events/merged-trip,
// /statistics/things/{id}/expenses, /v4/invoices/{id}. HTTP only: validation with the contract, the history services.
// POST costs and images accept an Idempotency-Key (the app's outbox sends its client id): a repeat is replayed.
import { type Context, Hono } from 'hono';
import {
  costsByOrderBody,
  createCostBody,
  deleteCostQuery,
  expensesQuery,
  historyQuery,
  mergeTripsBody,
  patchCostBody,
  patchCostQuery,
} from '../../contract/history';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { idempotentWrite } from '../http/idempotency';
import type { AppEnv } from '../http/types';
import { jsonBody, query, readJson, validate } from '../http/validate';
import {
  beginImageUpload,
  createCost,
  deleteCost,
  deleteImage,
  discardImageUpload,
  finishImageUpload,
  getEvent,
  getExpenses,
  getImage,
  getInvoice,
  listHistory,
  mergeTrips,
  recordCostsByOrder,
  streamImageUpload,
  unmergeTrip,
  updateCost,
} from '../services/history';

const INVOICE_LANGUAGES = new Set(['en', 'de']);

export function historyRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  const userId = (c: Context<AppEnv>) => c.get('session').userId;

  r.get('/v4/account-history', auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    // A filter may come as a comma list or repeated (types=PAYMENT&types=COST).
    const raw = Object.fromEntries(
      Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v] as const),
    );
    return c.json(await listHistory({ ctx, input: { userId: userId(c), query: validate(historyQuery, raw) } }));
  });

  r.post('/v4/account-history/costs', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(createCostBody, raw);
    return idempotentWrite(ctx, c, raw, (tx) => createCost({ ctx: tx, input: { userId: userId(c), body } }), 201);
  });

  r.put('/v4/account-history/costs/by-order/:id', auth, async (c) => {
    const body = await jsonBody(c, costsByOrderBody);
    return c.json(await recordCostsByOrder({ ctx, input: { userId: userId(c), orderId: c.req.param('id'), ...body } }));
  });

  r.patch('/v4/account-history/costs/:id', auth, async (c) => {
    query(c, patchCostQuery);
    const body = await jsonBody(c, patchCostBody);
    return c.json(await updateCost({ ctx, input: { userId: userId(c), eventId: c.req.param('id'), body } }));
  });

  r.delete('/v4/account-history/costs/:id', auth, async (c) => {
    const q = query(c, deleteCostQuery);
    return c.json(
      await deleteCost({
        ctx,
        input: { userId: userId(c), eventId: c.req.param('id'), category: q.category, reach: q.reach },
      }),
    );
  });

  r.get('/v4/account-history/:id', auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getEvent({ ctx, input: { userId: userId(c), eventId: c.req.param('id') } }));
  });

  // An image streams into storage as it arrives (services/history/add-image.ts), never whole in memory.
  r.post('/v4/account-history/:id/images', auth, async (c) => {
    const session = c.get('session');
    const eventId = c.req.param('id');
    const length = c.req.header('content-length');
    const declaredLength = length && /^\d+$/.test(length) ? Number(length) : undefined;
    const { imageId } = await beginImageUpload({ ctx, input: { session, eventId, declaredLength } });
    try {
      const stored = await streamImageUpload({
        ctx,
        input: { userId: session.userId, imageId, body: c.req.raw.body },
      });
      const declaredType = c.req.header('content-type');
      let wrote = false;
      const res = await idempotentWrite(
        ctx,
        c,
        { sha256: stored.sha256, type: declaredType ?? null },
        (tx) => {
          wrote = true;
          return finishImageUpload({
            ctx: tx,
            input: { userId: session.userId, eventId, imageId, declaredType, stored },
          });
        },
        201,
      );
      // A repeat of an upload that is stored already: its answer is replayed, these bytes are not kept again.
      if (!wrote) await discardImageUpload({ ctx, input: { imageId } });
      return res;
    } catch (err) {
      await discardImageUpload({ ctx, input: { imageId } });
      throw err;
    }
  });

  r.get('/v4/account-history/:id/images/:imageId', auth, async (c) => {
    const image = await getImage({
      ctx,
      input: { userId: userId(c), eventId: c.req.param('id'), imageId: c.req.param('imageId') },
    });
    c.header('Content-Type', image.contentType);
    c.header('Cache-Control', 'private, max-age=86400, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(image.data));
  });

  r.delete('/v4/account-history/:id/images/:imageId', auth, async (c) => {
    return c.json(
      await deleteImage({
        ctx,
        input: { userId: userId(c), eventId: c.req.param('id'), imageId: c.req.param('imageId') },
      }),
    );
  });

  r.post('/events/merged-trip', auth, async (c) => {
    const body = await jsonBody(c, mergeTripsBody);
    return c.json(await mergeTrips({ ctx, input: { userId: userId(c), ...body } }), 201);
  });

  r.delete('/events/merged-trip/:id', auth, async (c) => {
    return c.json(await unmergeTrip({ ctx, input: { userId: userId(c), eventId: c.req.param('id') } }));
  });

  r.get('/statistics/things/:id/expenses', auth, async (c) => {
    const q = query(c, expensesQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await getExpenses({ ctx, input: { userId: userId(c), thingId: c.req.param('id'), ...q } }));
  });

  r.get('/v4/invoices/:id', auth, async (c) => {
    const wanted = (c.req.header('x-locale') ?? 'en').slice(0, 2).toLowerCase();
    const language = INVOICE_LANGUAGES.has(wanted) ? (wanted as 'en' | 'de') : 'en';
    const { pdf, filename } = await getInvoice({ ctx, input: { userId: userId(c), id: c.req.param('id'), language } });
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(pdf));
  });

  return r;
}
