// GET /metrics: Prometheus text (ops/metrics.ts) for a scraper on this machine, or anywhere with METRICS_TOKEN as a
// Bearer token. Not under /api, and the compose proxy does not forward it (deploy/nginx.conf): scrape each node.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { isLoopbackClient } from '../http/client-address';
import type { AppEnv } from '../http/types';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function metricsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/metrics', async (c) => {
    const token = ctx.env.metricsToken;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const allowed = token && bearer ? sameToken(bearer, token) : !bearer && isLoopbackClient(c, ctx.env);
    if (!allowed) {
      if (token) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new DomainError('unauthenticated', 'unauthorized', 'GET /metrics needs METRICS_TOKEN as a Bearer token');
      }
      throw new DomainError(
        'forbidden',
        'forbidden',
        'GET /metrics answers clients on this machine (set METRICS_TOKEN for others)',
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await ctx.metrics.render(), 200, { 'Content-Type': ctx.metrics.contentType });
  });
  return r;
}
