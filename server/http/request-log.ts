// Correlation id (echoed, or made when missing), the security headers (security-headers.ts), one JSON log line per
// request (method, route pattern, status, duration, request id, user id; never the query, a body or a header) and its
// duration in the Prometheus histogram (ops/metrics.ts). While the node stops, answers close their connection.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppContext } from '../context';
import { securityHeaders } from './security-headers';
import type { AppEnv } from './types';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route pattern that answered (/api/v4/order/:id), never the path itself: ids in a path may be secrets (a hosted
 * page's id) and would make a label per request. Unmatched requests (static files, 404) are '*'.
 */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  try {
    const route = routePath(c);
    return route === '' || route === '/*' ? '*' : route;
  } catch {
    return '*';
  }
}

export function requestLog(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const secure = securityHeaders(ctx.env);
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-correlation-id');
    const id = given && SAFE_ID.test(given) ? given : randomUUID();
    c.set('correlationId', id);
    const stamp = () => {
      c.header('X-Correlation-Id', id);
      secure(c);
      // SIGTERM: no more keep-alive, so the connection ends with this answer (server/index.ts drains).
      if (ctx.readiness.isDraining()) c.header('Connection', 'close');
    };
    // Before the handler runs, so the response is built with them. Setting a header on a finished response makes
    // Hono copy it through a full web Response and stream, which cost ~15% of the CPU of the polling hot path.
    stamp();
    await next();
    // A handler that returned its own Response object lost them: add them afterwards (the slow path, rare).
    if (!c.res.headers.has('X-Correlation-Id')) stamp();
    const ms = performance.now() - started;
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    const route = routeOf(c);
    const status = c.res.status;
    ctx.metrics.httpDuration.observe({ method, route, status: String(status) }, ms / 1000);
    if (ctx.env.logRequests) {
      ctx.log.info(`${method} ${route} ${status}`, {
        req_id: id,
        method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
        user: c.get('session')?.userId ?? null,
      });
    }
  };
}
