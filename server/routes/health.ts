// Health of this node for orchestrators and load balancers (issue 34), outside /api: GET /healthz answers while the
// process runs (liveness: restart it when this fails); GET /readyz answers 200 only when the node may take traffic
// (ops/readiness.ts: database, migrations, forecourt leader known, not stopping), else 503 with what is missing.
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';

export function healthRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', node: ctx.env.nodeName });
  });
  r.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const report = await ctx.readiness.check();
    if (report.ready) return c.json({ status: 'ready', node: ctx.env.nodeName, checks: report.checks });
    const missing = Object.entries(report.checks)
      .filter(([name, check]) => (name === 'draining' ? check === true : !(check as { ok: boolean }).ok))
      .map(([name]) => name);
    return errorResponse(c, 503, 'not_ready', `Not ready: ${missing.join(', ')}`, {
      node: ctx.env.nodeName,
      checks: report.checks,
    });
  });
  return r;
}
