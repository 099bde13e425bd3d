// /forecourt: the forecourt console (HTML) and its JSON API under /forecourt/api.
// Who: with FORECOURT_CONSOLE_TOKEN, whoever shows it (Authorization: Bearer, or the sign-in form's HttpOnly
// SameSite=Strict cookie), compared in constant time, wrong tokens throttled per address; without it, clients on
// this machine in DEMO_MODE (403 for others), and nobody outside DEMO_MODE (404).
// CSRF: a write must be JSON (415 otherwise: a form or text/plain post needs no preflight) from no other origin.
// Scope: a device is acted on through the station the console shows; one of another station is not found.
import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { sha256Hex } from '../auth/crypto';
import type { AppContext } from '../context';
import { DomainError, forbidden, notFound } from '../errors';
import { CONSOLE_CSP, consolePage, loginPage } from '../forecourt/console-page';
import { clientAddress, isLoopbackClient } from '../http/client-address';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { consoleFeaturesBody, setAccountFeatures } from '../services/accounts';
import type { DeviceView } from '../services/forecourt';
import {
  assertDeviceAtStation,
  authorizeConnector,
  clearFault,
  closeConsoleSession,
  getConsoleStation,
  hangUp,
  isConsoleSession,
  liftNozzle,
  listConsoleStations,
  openConsoleSession,
  plugConnector,
  redeemWashCode,
  releasePump,
  setChargerOffline,
  setFault,
  setStationOnline,
  startWash,
  stopCharging,
  unplugConnector,
} from '../services/forecourt';
import { registerChargePoint } from '../services/ocpp';
import { readThrottle, recordHit } from '../services/throttle';

const COOKIE = 'forecourt_operator';

// A release from the console is for a customer at the kiosk: only an authorized order (authorize-order.ts) releases a
// pump for an order, so its hold and the release's maximum always agree.
export const releaseBody = z
  .strictObject({
    itemCode: z.string().max(64).optional(),
    maxAmount: z.number().int().positive().max(100_000_000).optional(),
  })
  .optional();

export const washCodeBody = z.strictObject({ code: z.string().trim().min(1).max(32) });

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
  // The built-in charge point's network cable: it drops (or restores) its OCPP connection and keeps charging.
  disconnect: (ctx, productId, c) => chargerCable(ctx, productId, c.req.param('id') ?? '', true),
  reconnect: (ctx, productId, c) => chargerCable(ctx, productId, c.req.param('id') ?? '', false),
  authorize: async (ctx, productId, c) =>
    authorizeConnector({ ctx, input: { productId, ...(await jsonBody(c, releaseBody)) } }),
};

async function chargerCable(ctx: AppContext, productId: string, stationId: string, out: boolean): Promise<DeviceView> {
  await setChargerOffline({ ctx, input: { productId, offline: out } });
  const station = await getConsoleStation({ ctx, input: { stationId } });
  const device = station.devices.find((d) => d.productId === productId);
  if (!device) throw notFound('No such device at this station');
  return device;
}

export const chargerBody = z.strictObject({
  /** The charge point's identity (its URL's last segment); default: the first port's product id. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/)
    .optional(),
  /** Its connectors in order: connector 1 is the first EV port. */
  productIds: z.array(z.string().min(1).max(64)).min(1).max(16),
});

const same = (a: string, b: string) => {
  const x = Buffer.from(sha256Hex(a));
  const y = Buffer.from(sha256Hex(b));
  return timingSafeEqual(x, y);
};

function consoleAccess(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const token = ctx.env.forecourt.operatorToken;
  const windowSeconds = ctx.env.loginWindowSeconds;
  return async (c, next) => {
    if (!token) {
      if (!ctx.env.demoMode) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
      if (!isLoopbackClient(c, ctx.env)) {
        throw forbidden('The forecourt console answers clients on this machine only (or set FORECOURT_CONSOLE_TOKEN)');
      }
      return next();
    }
    const throttleKey = `console:${clientAddress(c, ctx.env) ?? 'unknown'}`;
    const throttled = await readThrottle({ ctx, input: { key: throttleKey, windowSeconds } });
    if (throttled.count >= ctx.env.forecourt.maxBadTokens) {
      throw new DomainError(
        'rate_limited',
        'too_many_requests',
        'Too many wrong console tokens; try again later',
        undefined,
        throttled.retryAfterSeconds,
      );
    }
    c.set('consoleThrottleKey', throttleKey);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const cookie = getCookie(c, COOKIE);
    if (bearer && same(bearer, token)) return next();
    if (cookie && (await isConsoleSession({ ctx, input: { cookie, consoleToken: token } }))) {
      c.set('consoleSignedIn', true);
      return next();
    }
    if (c.req.path === '/forecourt/logout' && c.req.method === 'POST') return next();
    if (bearer || cookie) await recordHit({ ctx, input: { key: throttleKey, windowSeconds } });
    if (c.req.path === '/forecourt/login' && c.req.method === 'POST') return next();
    if (c.req.method === 'GET' && (c.req.path === '/forecourt' || c.req.path === '/forecourt/')) {
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', CONSOLE_CSP);
      return c.html(loginPage(), 401);
    }
    throw new DomainError('unauthenticated', 'unauthorized', 'The forecourt console needs the console token');
  };
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Writes to the console API: JSON only, and from this origin only (a browser names the origin of a cross-site post). */
function csrfSafe(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
        throw new DomainError(
          'unsupported',
          'unsupported_media_type',
          'The console API takes JSON (Content-Type: application/json)',
        );
      }
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          host = undefined;
        }
        if (host !== new URL(c.req.url).host) throw forbidden('The console API takes no calls from other sites');
      }
    }
    await next();
  };
}

export function forecourtRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', consoleAccess(ctx));
  r.use('/api/*', csrfSafe());

  const page = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CONSOLE_CSP);
    return c.html(consolePage({ signOut: c.get('consoleSignedIn') === true }));
  };
  r.get('/', page);

  r.post('/login', async (c) => {
    const token = ctx.env.forecourt.operatorToken;
    if (!token) return c.redirect('/forecourt', 303);
    let form: Record<string, unknown> = {};
    try {
      form = await c.req.parseBody();
    } catch {
      // An unreadable form is a wrong token.
    }
    const given = typeof form.token === 'string' ? form.token : '';
    c.header('Content-Security-Policy', CONSOLE_CSP);
    if (!same(given, token)) {
      const key = c.get('consoleThrottleKey');
      if (key) await recordHit({ ctx, input: { key, windowSeconds: ctx.env.loginWindowSeconds } });
      return c.html(loginPage('That is not the console token.'), 401);
    }
    const session = await openConsoleSession({ ctx, input: { consoleToken: token } });
    setCookie(c, COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/forecourt',
      secure: ctx.env.publicUrl.startsWith('https:'),
      maxAge: session.maxAgeSeconds,
    });
    return c.redirect('/forecourt', 303);
  });

  // Signing out ends this sign-in on the server, not only in this browser (a copied cookie is worthless after it).
  r.post('/logout', async (c) => {
    const cookie = getCookie(c, COOKIE);
    if (cookie) await closeConsoleSession({ ctx, input: { cookie } });
    deleteCookie(c, COOKIE, { path: '/forecourt', secure: ctx.env.publicUrl.startsWith('https:') });
    return c.redirect('/forecourt', 303);
  });

  // The mail queue for the operator (issue 36): counts by state, whether mail goes out, the given-up and waiting mails
  // with their last error (no bodies).
  r.get('/api/mail', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await ctx.mailQueue.overview());
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

  // The wash terminal's code entry (a driver's redemption code, typed or scanned by the operator).
  r.post('/api/stations/:id/wash-codes/redeem', async (c) => {
    const { code } = await jsonBody(c, washCodeBody);
    return c.json(await redeemWashCode({ ctx, input: { stationId: c.req.param('id'), code } }));
  });

  // A driver's account features (EV charging, gift cards, the odometer screen…): a new account has none of them.
  r.patch('/api/accounts/features', async (c) => {
    const body = await jsonBody(c, consoleFeaturesBody);
    return c.json(await setAccountFeatures({ ctx, input: body }));
  });

  // A real charger for EV ports: its id and a new key (shown once; only its hash is stored) to enter in the charger.
  r.post('/api/chargers', async (c) => {
    const body = await jsonBody(c, chargerBody);
    const id = body.id ?? (body.productIds[0] as string);
    const registered = await registerChargePoint({ ctx, input: { id, productIds: body.productIds } });
    const base = new URL(ctx.env.publicUrl);
    const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
    return c.json({ ...registered, url: `${scheme}//${base.host}/ocpp/${encodeURIComponent(id)}` }, 201);
  });

  r.post('/api/stations/:id/devices/:productId/:action', async (c) => {
    const action = ACTIONS[c.req.param('action')];
    if (!action) throw notFound(`No console action ${c.req.param('action')}`);
    const productId = c.req.param('productId');
    await assertDeviceAtStation({ ctx, input: { stationId: c.req.param('id'), productId } });
    return c.json(await action(ctx, productId, c));
  });

  return r;
}
