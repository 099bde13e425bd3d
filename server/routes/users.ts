// /api/users/{id}, /api/v4/users/preferences, /api/accounts/{id}/features, /api/events/request-data-dump and the data
// export it builds: /api/v4/users/data-export (the newest one's state), /api/v4/users/data-export/{id}/download (the ZIP).
import { Hono } from 'hono';
import { dataDumpQuery, preferencesPatch, preferencesQuery, userPatch } from '../../contract/users';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { idempotentWrite } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody, query, readJson, validate } from '../http/validate';
import { getFeatures } from '../services/accounts';
import { latestDataExport, openDataExport, requestDataExport } from '../services/data-export';
import { getPreferences, getUser, updatePreferences, updateUser } from '../services/users';

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
    // The ready mail's language: the app's (X-Locale), else the browser's (Accept-Language).
    const locale = c.req.header('x-locale') ?? c.req.header('accept-language');
    return c.json(
      await requestDataExport({ ctx, input: { session: c.get('session'), thingId: q.thingId, locale } }),
      202,
    );
  });

  r.get('/v4/users/data-export', auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await latestDataExport({ ctx, input: { userId: c.get('session').userId } }));
  });

  r.get('/v4/users/data-export/:id/download', auth, async (c) => {
    const zip = await openDataExport({ ctx, input: { userId: c.get('session').userId, exportId: c.req.param('id') } });
    return c.body(zip.body, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(zip.byteSize),
      'Content-Disposition': `attachment; filename="${zip.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return r;
}
