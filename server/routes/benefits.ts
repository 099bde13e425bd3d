// The lottery benefit (shell-and-account.md §7): GET /api/v4/rewards-status, GET /api/optins/name/{name} (also as the
// spec spells it, optins//name/{name}), POST
// /api/optins. HTTP only.
import { type Context, Hono } from 'hono';
import { optinBody } from '../../contract/benefits';
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
  const optinByName = (c: Context<AppEnv>) =>
    getOptin({ ctx, input: { session: c.get('session'), name: c.req.param('name') ?? '' } }).then((o) => c.json(o));
  r.get('/optins/name/:name', auth, optinByName);
  // §7 writes the path "optins//name/{name}" (double slash): a client built from the spec calls that spelling.
  r.get('/optins//name/:name', auth, optinByName);
  r.post('/optins', auth, async (c) => {
    const body = await jsonBody(c, optinBody);
    const { created, optin } = await joinOptin({ ctx, input: { session: c.get('session'), body } });
    return c.json(optin, created ? 201 : 200);
  });
  return r;
}
