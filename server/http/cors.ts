// The API's CORS policy, explicit: no other origin may call /api unless it is a configured host app
// (HOST_APP_ORIGINS). A preflight (OPTIONS) is answered 204 with the methods and headers the API takes; it carries
// Access-Control-Allow-Origin only for an allowed origin, so a browser refuses every other. Headers are set before
// the handler runs (see request-log.ts).
import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER, PARTNER_HEADER } from '../../contract/orders';
import type { Env } from '../env';
import type { AppEnv } from './types';

export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  IDEMPOTENCY_HEADER,
  'X-Locale',
  'X-App-Version',
  'X-Correlation-Id',
  PARTNER_HEADER,
].join(', ');
const EXPOSE_HEADERS = 'X-Correlation-Id, Retry-After, Idempotent-Replayed';

export function corsPolicy(env: Env): MiddlewareHandler<AppEnv> {
  const allowed = new Set(env.corsOrigins);
  const varies = allowed.size > 0;
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allow = origin !== undefined && allowed.has(origin);
    if (varies) c.header('Vary', 'Origin');
    if (allow) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      c.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    await next();
  };
}
