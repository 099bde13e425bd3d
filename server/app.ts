// Assembly of the HTTP app: middleware, API routes under /api, dev helpers, the static app. Used by
// server/index.ts and by the tests (app.request against a real database).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { AppContext } from './context';
import { errorResponse, onError } from './http/errors';
import { requestLog } from './http/request-log';
import { serveStatic } from './http/static';
import type { AppEnv } from './http/types';
import { authRoutes } from './routes/auth';
import { devMailApiRoutes, devMailPages } from './routes/dev-mail';
import { devOidcRoutes } from './routes/dev-oidc';
import { forecourtRoutes } from './routes/forecourt';
import { functionRoutes } from './routes/functions';
import { historyRoutes } from './routes/history';
import { maintenanceRoutes } from './routes/maintenance';
import { orderRoutes } from './routes/orders';
import { poiRoutes } from './routes/pois';
import { userRoutes } from './routes/users';

const BODY_LIMIT_BYTES = 1024 * 1024;
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const IMAGE_UPLOAD = /^\/api\/v4\/account-history\/[^/]+\/images$/;

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog(ctx));
  if (ctx.env.corsOrigins.length > 0) {
    // Same-origin needs no CORS; host apps on other origins are listed in CORS_ORIGINS.
    const allowed = new Set(ctx.env.corsOrigins);
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'X-Locale',
          'X-App-Version',
          'X-Correlation-Id',
          'Idempotency-Key',
          'X-Txn-Initiated-By-Partner',
        ],
        exposeHeaders: ['X-Correlation-Id', 'Retry-After', 'Idempotent-Replayed'],
        maxAge: 600,
      }),
    );
  }
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => errorResponse(c, 413, 'payload_too_large', 'The request body is larger than 1 MB'),
  });
  // Only requests that may carry a body: bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a full
  // Request (with an AbortController) — measurable on the polling hot path (GET /v4/order/{id}).
  // History images carry their own limit (6 MB, routes/history.ts).
  app.use('*', (c, next) =>
    BODYLESS.has(c.req.method) || IMAGE_UPLOAD.test(c.req.path) ? next() : limitBody(c, next),
  );

  app.route('/api', authRoutes(ctx));
  app.route('/api', userRoutes(ctx));
  app.route('/api', functionRoutes(ctx));
  app.route('/api', maintenanceRoutes(ctx));
  app.route('/api', poiRoutes(ctx));
  app.route('/api', orderRoutes(ctx));
  app.route('/api', historyRoutes(ctx));
  // Also at the root: the app's "remote maintenance json" may be configured as /maintenance.json.
  app.route('/', maintenanceRoutes(ctx));

  if (ctx.mailer.devMailbox) {
    app.route('/api', devMailApiRoutes(ctx));
    app.route('/dev/mail', devMailPages(ctx));
  }
  if (ctx.demoOidc) app.route('/dev/oidc', devOidcRoutes(ctx, ctx.demoOidc));
  // The forecourt console (not under /api): open in DEMO_MODE, else behind FORECOURT_OPERATOR_TOKEN.
  app.route('/forecourt', forecourtRoutes(ctx));

  app.use('*', serveStatic(ctx.env.staticDir));

  app.notFound((c) => errorResponse(c, 404, 'not_found', `No route for ${c.req.method} ${c.req.path}`));
  app.onError(onError(ctx));
  return app;
}
