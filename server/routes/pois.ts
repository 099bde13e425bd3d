// /api/v4/pois, /api/v4/shops, /api/v4/places: station reads, open to everyone (guests and anonymous too).
import { type Context, Hono } from 'hono';
import { placesQuery, poiSearchQuery } from '../../contract/stations';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { jsonWithEtag } from '../http/etag';
import type { AppEnv } from '../http/types';
import { query, validate } from '../http/validate';
import { getPoi, getShop, listPlaces, searchPois } from '../services/stations';

export function poiRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  const search = async (c: Context<AppEnv>) => {
    // z.coerce turns an empty value into 0; an empty coordinate is malformed, not the equator.
    for (const key of ['lat', 'lon', 'radiusM']) {
      if (c.req.query(key)?.trim() === '') {
        throw new DomainError('invalid', 'validation_error', 'The request is invalid', [
          { path: key, message: 'Required' },
        ]);
      }
    }
    const q = query(c, poiSearchQuery);
    const result = await searchPois({
      ctx,
      input: {
        lat: q.lat,
        lon: q.lon,
        radiusM: q.radiusM,
        showEvPois: q.showEvPois === 'true',
        showOlderPrices: q.showOlderPrices === 'true',
        mtskid: q.mtskid,
      },
    });
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  };
  r.get('/v4/pois', search);
  r.get('/v4/pois/', search);

  // Polled every 5 s while the station's stream is down: an unchanged station answers 304 to its ETag.
  r.get('/v4/pois/:id', async (c) =>
    jsonWithEtag(c, await getPoi({ ctx, input: { id: c.req.param('id') } }), 'no-cache'),
  );

  r.get('/v4/shops/:id', async (c) => c.json(await getShop({ ctx, input: { id: c.req.param('id') } })));

  r.get('/v4/places', async (c) => {
    const q = validate(placesQuery, c.req.queries());
    const types = [...(q['vendingMachinesTypes[]'] ?? []), ...(q.vendingMachinesTypes ?? [])];
    return c.json(await listPlaces({ ctx, input: { types } }));
  });

  return r;
}
