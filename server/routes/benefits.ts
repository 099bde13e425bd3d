// The lottery benefit (shell-and-account.md §7): GET /api/v4/rewards-status, GET /api/optins/name/{name}, POST
// /api/optins. HTTP only.
import { Hono } from 'hono';
import { optinBody } from '../../src/contract/benefits';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { getOptin, joinOptin, rewardsStatus } from '../services/benefits';

export function benefitRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  r.get('/v4/rewards-status', auth, async (c) =>
    c.json(
      await rewardsStatus({ ctx, input: { session: c.get('session'), language: c.req.header('x-locale') ?? null } }),
    ),
  );
  r.get('/optins/name/:name', auth, async (c) =>
    c.json(await getOptin({ ctx, input: { session: c.get('session'), name: c.req.param('name') } })),
  );
  r.post('/optins', auth, async (c) => {
    const body = await jsonBody(c, optinBody);
    const { created, optin } = await joinOptin({ ctx, input: { session: c.get('session'), body } });
    return c.json(optin, created ? 201 : 200);
  });
  return r;
}
