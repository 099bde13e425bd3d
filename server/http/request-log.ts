// Correlation id (echoed, or made when missing), the security headers (security-headers.ts), and one log line per
// request. Never logs bodies or tokens.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import { securityHeaders } from './security-headers';
import type { AppEnv } from './types';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

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
    };
    // Before the handler runs, so the response is built with them. Setting a header on a finished response makes
    // Hono copy it through a full web Response and stream, which cost ~15% of the CPU of the polling hot path.
    stamp();
    await next();
    // A handler that returned its own Response object lost them: add them afterwards (the slow path, rare).
    if (!c.res.headers.has('X-Correlation-Id')) stamp();
    if (ctx.env.logRequests) {
      const ms = (performance.now() - started).toFixed(1);
      ctx.log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${id}`);
    }
  };
}
