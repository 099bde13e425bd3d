// Correlation id (echoed, or made when missing) and one log line per request. Never logs bodies or tokens.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import type { AppEnv } from './types';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestLog(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-correlation-id');
    const id = given && SAFE_ID.test(given) ? given : randomUUID();
    c.set('correlationId', id);
    await next();
    c.header('X-Correlation-Id', id);
    if (ctx.env.logRequests) {
      const ms = (performance.now() - started).toFixed(1);
      ctx.log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${id}`);
    }
  };
}
