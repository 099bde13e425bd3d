// Vehicles (shell-and-account.md §7 Vehicles): /api/things..., /api/v3/things/{id}, and the catalogue /api/vehicles/makes...
import { Hono } from 'hono';
import { makesQuery, thingBody, thingPatch } from '../../contract/vehicles';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { idempotentWrite } from '../http/idempotency';
import type { AppEnv } from '../http/types';
import { query, readJson, validate } from '../http/validate';
import { createThing, getThing, listThings, removeThing, updateThing } from '../services/things';
import { getFuelType, listMakes, listModels } from '../services/vehicles';

export function thingRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);

  r.get('/things', auth, async (c) => c.json(await listThings({ ctx, input: { session: c.get('session') } })));

  r.get('/things/:id', auth, async (c) =>
    c.json(await getThing({ ctx, input: { session: c.get('session'), thingId: c.req.param('id') } })),
  );

  // With an Idempotency-Key (optional), a create or update whose answer was lost is sent again and replays it.
  r.post('/things/lite', auth, async (c) => {
    const raw = await readJson(c);
    const body = validate(thingBody, raw);
    return idempotentWrite(
      ctx,
      c,
      raw,
      (tx) => createThing({ ctx: tx, input: { session: c.get('session'), body } }),
      201,
    );
  });

  r.patch('/v3/things/:id', auth, async (c) => {
    const raw = await readJson(c);
    const patch = validate(thingPatch, raw);
    return idempotentWrite(ctx, c, raw, (tx) =>
      updateThing({ ctx: tx, input: { session: c.get('session'), thingId: c.req.param('id'), patch } }),
    );
  });

  r.delete('/things/:thingId/users/:userId', auth, async (c) => {
    const input = { session: c.get('session'), thingId: c.req.param('thingId'), userId: c.req.param('userId') };
    await removeThing({ ctx, input });
    return c.json({ deleted: true });
  });

  r.get('/vehicles/makes', auth, (c) => c.json(listMakes({ input: query(c, makesQuery) })));

  r.get('/vehicles/makes/:brand/models', auth, (c) =>
    c.json(listModels({ input: { brand: c.req.param('brand'), type: query(c, makesQuery).type } })),
  );

  r.get('/vehicles/makes/:brand/models/:model/fuelTypes/:fuel', auth, (c) =>
    c.json(
      getFuelType({ input: { brand: c.req.param('brand'), model: c.req.param('model'), fuel: c.req.param('fuel') } }),
    ),
  );

  return r;
}
