// /forecourt: the forecourt console (HTML) and its JSON API under /forecourt/api. Open in DEMO_MODE; otherwise it
// needs FORECOURT_OPERATOR_TOKEN (Authorization: Bearer, or the sign-in form's HttpOnly cookie); with neither the
// whole console answers 404.
import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { sha256Hex } from '../auth/crypto';
import type { AppContext } from '../context';
import { ApiError, notFound } from '../errors';
import { consolePage, loginPage } from '../forecourt/console-page';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import type { DeviceView } from '../services/forecourt';
import {
  authorizeConnector,
  clearFault,
  getConsoleStation,
  hangUp,
  liftNozzle,
  listConsoleStations,
  plugConnector,
  releasePump,
  setFault,
  setStationOnline,
  startWash,
  stopCharging,
  unplugConnector,
} from '../services/forecourt';

const COOKIE = 'forecourt_operator';

// A release from the console is for a customer at the kiosk: only an authorized order (authorize-order.ts) releases a
// pump for an order, so its hold and the release's maximum always agree.
const releaseBody = z
  .strictObject({
    itemCode: z.string().max(64).optional(),
    maxAmount: z.number().int().positive().max(100_000_000).optional(),
  })
  .optional();

/** Console actions: each calls one forecourt service (the same ones the simulator and the orders use). */
const ACTIONS: Record<string, (ctx: AppContext, productId: string, c: Context<AppEnv>) => Promise<DeviceView>> = {
  lift: (ctx, productId) => liftNozzle({ ctx, input: { productId, driver: 'manual' } }),
  'hang-up': (ctx, productId) => hangUp({ ctx, input: { productId } }),
  plug: (ctx, productId) => plugConnector({ ctx, input: { productId, driver: 'manual' } }),
  unplug: (ctx, productId) => unplugConnector({ ctx, input: { productId } }),
  fault: (ctx, productId) => setFault({ ctx, input: { productId } }),
  'out-of-order': (ctx, productId) => setFault({ ctx, input: { productId, outOfOrder: true } }),
  'clear-fault': (ctx, productId) => clearFault({ ctx, input: { productId } }),
  'start-wash': (ctx, productId) => startWash({ ctx, input: { productId } }),
  'stop-charging': (ctx, productId) => stopCharging({ ctx, input: { productId } }),
  release: async (ctx, productId, c) => releasePump({ ctx, input: { productId, ...(await jsonBody(c, releaseBody)) } }),
  authorize: async (ctx, productId, c) =>
    authorizeConnector({ ctx, input: { productId, ...(await jsonBody(c, releaseBody)) } }),
};

const cookieValue = (token: string) => sha256Hex(`forecourt-operator:${token}`);
const same = (a: string, b: string) => {
  const x = Buffer.from(sha256Hex(a));
  const y = Buffer.from(sha256Hex(b));
  return timingSafeEqual(x, y);
};

function operatorAuth(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const token = ctx.env.forecourt.operatorToken;
  return async (c, next) => {
    if (ctx.env.demoMode) return next();
    if (!token) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const cookie = getCookie(c, COOKIE);
    if ((bearer && same(bearer, token)) || (cookie && same(cookie, cookieValue(token)))) return next();
    if (c.req.path === '/forecourt/login' && c.req.method === 'POST') return next();
    if (c.req.method === 'GET' && (c.req.path === '/forecourt' || c.req.path === '/forecourt/')) {
      c.header('Cache-Control', 'no-store');
      return c.html(loginPage(), 401);
    }
    throw new ApiError(401, 'unauthorized', 'The forecourt console needs the operator token');
  };
}

export function forecourtRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', operatorAuth(ctx));

  const page = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    return c.html(consolePage());
  };
  r.get('/', page);

  r.post('/login', async (c) => {
    const token = ctx.env.forecourt.operatorToken;
    if (!token) return c.redirect('/forecourt', 303);
    const form = await c.req.parseBody();
    const given = typeof form.token === 'string' ? form.token : '';
    if (!same(given, token)) return c.html(loginPage('That is not the operator token.'), 401);
    setCookie(c, COOKIE, cookieValue(token), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/forecourt',
      secure: ctx.env.publicUrl.startsWith('https:'),
      maxAge: 12 * 3600,
    });
    return c.redirect('/forecourt', 303);
  });

  r.get('/api/stations', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listConsoleStations({ ctx }));
  });

  r.get('/api/stations/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getConsoleStation({ ctx, input: { stationId: c.req.param('id') } }));
  });

  r.post('/api/stations/:id/:to{online|offline}', async (c) => {
    return c.json(
      await setStationOnline({ ctx, input: { stationId: c.req.param('id'), online: c.req.param('to') === 'online' } }),
    );
  });

  r.post('/api/devices/:productId/:action', async (c) => {
    const action = ACTIONS[c.req.param('action')];
    if (!action) throw notFound(`No console action ${c.req.param('action')}`);
    return c.json(await action(ctx, c.req.param('productId'), c));
  });

  return r;
}
