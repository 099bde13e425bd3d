// /api/v4/loyalty-subscriptions (shell-and-account.md §7 Loyalty) and /api/v4/loyalty-programs. HTTP only.
import { type Context, Hono } from 'hono';
import { loyaltySubscriptionBody } from '../../contract/loyalty';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { createSubscription, deleteSubscription, listPrograms, listSubscriptions } from '../services/loyalty';

export function loyaltyRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  r.get('/v4/loyalty-programs', auth, async (c) =>
    c.json(await listPrograms({ ctx, input: { session: c.get('session') } })),
  );
  const list = async (c: Context<AppEnv>) =>
    c.json(await listSubscriptions({ ctx, input: { session: c.get('session') } }));
  r.get('/v4/loyalty-subscriptions', auth, list);
  r.get('/v4/loyalty-subscriptions/', auth, list);
  const create = async (c: Context<AppEnv>) => {
    const body = await jsonBody(c, loyaltySubscriptionBody);
    return c.json(await createSubscription({ ctx, input: { session: c.get('session'), body } }), 201);
  };
  r.post('/v4/loyalty-subscriptions', auth, create);
  r.post('/v4/loyalty-subscriptions/', auth, create);
  r.delete('/v4/loyalty-subscriptions/:id', auth, async (c) =>
    c.json(await deleteSubscription({ ctx, input: { session: c.get('session'), id: c.req.param('id') } })),
  );
  return r;
}
