// Test knobs (TEST_KNOBS, DEMO_MODE, clients on this machine; app.ts mounts them behind loopbackOnly): settings a test
// changes while the server runs, so it need not wait out the production ones. Kept in this process (ctx.knobs).
// PUT /api/dev/knobs/stations/{stationId}/postpay-expiry {seconds}: that station's unpaid postpay orders expire after
// `seconds` (null: POSTPAY_EXPIRY_SECONDS again).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';

const stationId = z.string().regex(/^[0-9a-f]{24}$/);
export const expiryBody = z.strictObject({ seconds: z.number().int().min(1).max(86_400).nullable() });

export function testKnobRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.put('/stations/:stationId/postpay-expiry', async (c) => {
    const id = stationId.safeParse(c.req.param('stationId'));
    if (!id.success) throw notFound('No such station');
    const { seconds } = await jsonBody(c, expiryBody);
    if (seconds === null) ctx.knobs.postpayExpirySeconds.delete(id.data);
    else ctx.knobs.postpayExpirySeconds.set(id.data, seconds);
    return c.json({ stationId: id.data, seconds: seconds ?? ctx.env.postpayExpirySeconds });
  });
  return r;
}
