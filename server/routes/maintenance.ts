import { Hono } from 'hono';
import type { Maintenance } from '../../contract/users';
import type { AppContext } from '../context';
import type { AppEnv } from '../http/types';

/** GET /maintenance.json: the remote maintenance flag the app fetches at start (20 s timeout on its side). */
export function maintenanceRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/maintenance.json', (c) => {
    const body: Maintenance = {
      production: ctx.env.maintenance,
      ...(ctx.env.maintenanceMessage ? { message: ctx.env.maintenanceMessage } : {}),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
  return r;
}
