// Assembly of the HTTP app: middleware, API routes under /api, dev helpers, the static app. Used by
// server/index.ts and by the tests (app.request against a real database).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { AppContext } from './context';
import { corsPolicy } from './http/cors';
import { errorResponse, onError } from './http/errors';
import { loopbackOnly, sandboxIdentityPages } from './http/loopback';
import { requestLog } from './http/request-log';
import { sameOriginForms } from './http/same-origin-form';
import { serveStatic } from './http/static';
import type { AppEnv } from './http/types';
import { openApiRoutes } from './openapi/routes';
import { SANDBOX_WALLET_METHOD_PATH, sandboxWalletHandlerRoutes } from './psp/sandbox-wallet-handler';
import { amazonSandboxPages, amazonSignInApiRoutes } from './routes/amazon-sign-in';
import { authRoutes } from './routes/auth';
import { benefitRoutes } from './routes/benefits';
import { devMailApiRoutes, devMailPages } from './routes/dev-mail';
import { devOidcRoutes } from './routes/dev-oidc';
import { eventRoutes } from './routes/events';
import { forecourtRoutes } from './routes/forecourt';
import { functionRoutes } from './routes/functions';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { hostAppRoutes } from './routes/host-apps';
import { loyaltyRoutes } from './routes/loyalty';
import { maintenanceRoutes } from './routes/maintenance';
import { metricsRoutes } from './routes/metrics';
import { orderRoutes } from './routes/orders';
import { paymentMethodRoutes } from './routes/payment-methods';
import { poiRoutes } from './routes/pois';
import { pspRoutes } from './routes/psp';
import { testKnobRoutes } from './routes/test-knobs';
import { thingRoutes } from './routes/things';
import { tutorialRoutes } from './routes/tutorials';
import { userRoutes } from './routes/users';
import { voucherRoutes } from './routes/vouchers';
import { walletRoutes } from './routes/wallets';
import { getPoi } from './services/stations';

const KIB = 1024;
/** Request body limits by path prefix (first match), else 1 MB: no call of ours needs more than these. */
const BODY_LIMITS: [prefix: string, bytes: number][] = [
  ['/api/auth/', 64 * KIB],
  ['/api/functions/', 16 * KIB],
  ['/api/v4/', 64 * KIB],
  ['/forecourt/', 8 * KIB],
  ['/dev/', 16 * KIB],
  ['/psp/', 8 * KIB],
];
const DEFAULT_BODY_LIMIT = 1024 * KIB;
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const IMAGE_UPLOAD = /^\/api\/v4\/account-history\/[^/]+\/images$/;

const sizeText = (bytes: number) => (bytes >= 1024 * KIB ? `${bytes / (1024 * KIB)} MB` : `${bytes / KIB} KB`);

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog(ctx));
  // An explicit CORS policy: none by default, the configured host apps otherwise; preflights answered here.
  app.use('/api/*', corsPolicy(ctx.env));
  // JSON answers over 1 KiB go out gzipped to a client that accepts it (the event stream never: hono's filter).
  app.use('/api/*', compress());
  const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
  const limiterFor = (bytes: number) => {
    let limiter = limiters.get(bytes);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: bytes,
        onError: (c) =>
          errorResponse(c, 413, 'payload_too_large', `The request body is larger than ${sizeText(bytes)}`),
      });
      limiters.set(bytes, limiter);
    }
    return limiter;
  };
  // Only requests that may carry a body: bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a full
  // Request (with an AbortController) — measurable on the polling hot path (GET /v4/order/{id}).
  // History images carry their own limit (6 MB, routes/history.ts).
  app.use('*', (c, next) => {
    if (BODYLESS.has(c.req.method) || IMAGE_UPLOAD.test(c.req.path)) return next();
    const path = c.req.path;
    const bytes = BODY_LIMITS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? DEFAULT_BODY_LIMIT;
    return limiterFor(bytes)(c, next);
  });

  app.route('/api', authRoutes(ctx));
  app.route('/api', amazonSignInApiRoutes(ctx));
  app.route('/api', userRoutes(ctx));
  app.route('/api', thingRoutes(ctx));
  app.route('/api', functionRoutes(ctx));
  app.route('/api', maintenanceRoutes(ctx));
  // Before the plain GETs: /v4/pois/{id}/events is not a station id.
  app.route('/api', eventRoutes(ctx));
  app.route('/api', poiRoutes(ctx));
  app.route('/api', orderRoutes(ctx));
  app.route('/api', historyRoutes(ctx));
  app.route('/api', hostAppRoutes(ctx));
  app.route('/api', paymentMethodRoutes(ctx));
  app.route('/api', walletRoutes(ctx));
  app.route('/api', voucherRoutes(ctx));
  app.route('/api', loyaltyRoutes(ctx));
  app.route('/api', benefitRoutes(ctx));
  app.route('/api', tutorialRoutes(ctx));
  // The OpenAPI document of all of the above and its reference page (server/openapi).
  app.route('/api', openApiRoutes(ctx));
  // Also at the root: the app's "remote maintenance json" may be configured as /maintenance.json.
  app.route('/', maintenanceRoutes(ctx));
  // Operations, not under /api: /healthz and /readyz for orchestrators, /metrics for Prometheus (loopback or token).
  app.route('/', healthRoutes(ctx));
  app.route('/', metricsRoutes(ctx));

  // The development mailbox exists only in DEMO_MODE with MAIL_TRANSPORT=mailbox, for clients on this machine.
  if (ctx.env.demoMode && ctx.mailer.devMailbox) {
    const local = loopbackOnly(ctx);
    app.use('/api/dev/*', local);
    app.use('/dev/mail', local);
    app.use('/dev/mail/*', local);
    app.route('/api', devMailApiRoutes(ctx));
    app.route('/dev/mail', devMailPages(ctx));
  }
  // Test knobs (TEST_KNOBS, which needs DEMO_MODE): for clients on this machine.
  if (ctx.env.testKnobs) {
    app.use('/api/dev/knobs/*', loopbackOnly(ctx));
    app.route('/api/dev/knobs', testKnobRoutes(ctx));
  }
  // The sandbox Amazon's sign-in page and the demo identity provider name any buyer or email: stand-ins for Amazon
  // and an OpenID provider, so demo servers only, and only for this machine unless DEMO_PUBLIC says otherwise.
  if (ctx.env.demoMode) {
    const sandbox = sandboxIdentityPages(ctx);
    // Their forms sign in as whoever is typed: no posts from other sites (login CSRF, 32.13).
    app.use('/dev/amazon/*', sandbox, sameOriginForms());
    app.route('/dev/amazon', amazonSandboxPages(ctx));
    if (ctx.demoOidc) {
      app.use('/dev/oidc/*', sandbox, sameOriginForms());
      app.route('/dev/oidc', devOidcRoutes(ctx, ctx.demoOidc));
    }
  }
  // The forecourt console (not under /api): FORECOURT_CONSOLE_TOKEN, or loopback clients in DEMO_MODE (routes/forecourt.ts).
  app.route('/forecourt', forecourtRoutes(ctx));
  // The sandbox wallet's payment handler (method manifest, web app manifest, wallet window), before /psp's own CSP.
  app.route(SANDBOX_WALLET_METHOD_PATH, sandboxWalletHandlerRoutes(ctx.env.publicOrigin));
  // The sandbox payment provider's own pages (hosted card page).
  app.route('/psp', pspRoutes(ctx));

  // A station link's first screen comes as HTML with the station in it (http/station-page.ts).
  app.use('*', serveStatic(ctx.env, { station: (id) => getPoi({ ctx, input: { id } }).catch(() => null) }));

  app.notFound((c) => errorResponse(c, 404, 'not_found', `No route for ${c.req.method} ${c.req.path}`));
  app.onError(onError(ctx));
  return app;
}
