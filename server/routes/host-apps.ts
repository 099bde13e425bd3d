// GET /api/v4/host-apps: the origins of the host apps that may embed the app and receive its callback
// (contract/host-apps.ts). The app reads it at start; it changes only with the configuration.
import { Hono } from 'hono';
import { HOST_APPS_MAX_AGE_SECONDS, type HostAppsResponse } from '../../contract/host-apps';
import type { AppContext } from '../context';
import type { AppEnv } from '../http/types';

export function hostAppRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const body: HostAppsResponse = { origins: ctx.env.hostAppOrigins, demoMode: ctx.env.demoMode };
  r.get('/v4/host-apps', (c) => {
    c.header('Cache-Control', `public, max-age=${HOST_APPS_MAX_AGE_SECONDS}`);
    return c.json(body);
  });
  return r;
}
