// /api/functions/*: the cloud functions (suffix _prod, except decrypt_otp). They answer {result: boolean}.
import { Hono } from 'hono';
import { decryptOtpBody } from '../../src/contract/auth';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { decryptOtp } from '../services/auth';
import { deleteUser, getTwoFactorMethod } from '../services/users';

export function functionRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  // The PIN / WebAuthn functions (and the OTP decryption, a key oracle) are limited per address.
  const limited = rateLimit(ctx, 'functions');

  r.get('/functions/user_has_pin_prod', limited, auth, async (c) => {
    const method = await getTwoFactorMethod({ ctx, input: { session: c.get('session') } });
    return c.json({ result: method === 'pin' });
  });

  r.get('/functions/has_user_webauthn_prod', limited, auth, async (c) => {
    const method = await getTwoFactorMethod({ ctx, input: { session: c.get('session') } });
    return c.json({ result: method === 'webauthn' });
  });

  r.delete('/functions/delete_user_prod', auth, async (c) => {
    await deleteUser({ ctx, input: { session: c.get('session') } });
    return c.json({ result: true });
  });

  r.post('/functions/decrypt_otp', limited, async (c) => {
    const input = await jsonBody(c, decryptOtpBody);
    return c.json(await decryptOtp({ ctx, input }));
  });

  return r;
}
