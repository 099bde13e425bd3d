// The wallet calls of pay-flows.md §7 Payments: the merchant config, Apple Pay's merchant session, Amazon Pay's signed
// configs. HTTP only: validation with the contract, the sandbox provider's functions (server/psp).
import { Hono } from 'hono';
import {
  amazonButtonConfigBody,
  amazonSessionConfigBody,
  applePaySessionBody,
  merchantQuery,
} from '../../contract/wallets';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { query, readJson, validate } from '../http/validate';
import { amazonButtonConfig, amazonSessionConfig } from '../psp/amazon-pay';
import { applePayMerchantSession } from '../psp/apple-pay-session';
import { bestMatchMerchant } from '../psp/merchants';

export function walletRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);

  r.get('/v4/merchants/best-match', auth, (c) => {
    const q = query(c, merchantQuery);
    return c.json(bestMatchMerchant(ctx, q));
  });

  r.post('/v4/apple-pay/session', auth, async (c) => {
    const body = validate(applePaySessionBody, await readJson(c));
    c.header('Cache-Control', 'no-store');
    return c.json(await applePayMerchantSession(ctx, body));
  });

  r.post('/v4/amazon-pay/session-config', auth, async (c) => {
    const body = validate(amazonSessionConfigBody, await readJson(c));
    return c.json(amazonSessionConfig(ctx, body));
  });

  // The sign-in button comes before any session (pay-flows.md §7: under auth/).
  r.post('/auth/amazon-pay/button-config', async (c) => {
    const body = validate(amazonButtonConfigBody, await readJson(c));
    return c.json(amazonButtonConfig(ctx, body));
  });

  return r;
}
