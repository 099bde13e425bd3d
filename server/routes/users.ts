// /api/users/{id}, /api/v4/users/preferences, /api/accounts/{id}/features, /api/events/request-data-dump.
import { Hono } from 'hono';
import { dataDumpQuery, preferencesPatch, preferencesQuery, userPatch } from '../../contract/users';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { idempotentWrite } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody, query, readJson, validate } from '../http/validate';
import { getFeatures } from '../services/accounts';
import { getPreferences, getUser, requestDataDump, updatePreferences, updateUser } from '../services/users';

export function userRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  // The only routes a temporary-password session may use besides change-password and logout.
  const authTemp = requireAuth(ctx, { allowTempPass: true });

  r.get('/users/:id', authTemp, async (c) => {
    return c.json(await getUser({ ctx, input: { session: c.get('session'), id: c.req.param('id') } }));
  });

  r.patch('/users/:id', authTemp, async (c) => {
    const patch = await jsonBody(c, userPatch);
    return c.json(await updateUser({ ctx, input: { session: c.get('session'), id: c.req.param('id'), patch } }));
  });

  r.get('/v4/users/preferences', auth, async (c) => {
    const q = query(c, preferencesQuery);
    const input = { session: c.get('session'), includeArchived: q.includeArchived === 'true' };
    return c.json(await getPreferences({ ctx, input }));
  });

  r.patch('/v4/users/preferences', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(preferencesPatch, raw);
    return idempotentWrite(ctx, c, raw, (tx) =>
      updatePreferences({ ctx: tx, input: { session: c.get('session'), ...body } }),
    );
  });

  r.get('/accounts/:id/features', authTemp, async (c) => {
    return c.json(await getFeatures({ ctx, input: { session: c.get('session'), accountId: c.req.param('id') } }));
  });

  r.get('/events/request-data-dump', rateLimit(ctx, 'dataDumps'), auth, async (c) => {
    const q = query(c, dataDumpQuery);
    return c.json(await requestDataDump({ ctx, input: { session: c.get('session'), thingId: q.thingId } }), 202);
  });

  return r;
}
