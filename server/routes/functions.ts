// /api/functions/*: the cloud functions (suffix _prod, except decrypt_otp). They answer {result: boolean}.
import { Hono } from 'hono';
import { decryptOtpBody } from '../../contract/auth';
import {
  savePinBody,
  unlockPinBody,
  validatePinBody,
  webauthnLoginBody,
  webauthnLoginOptionsBody,
  webauthnRegisterBody,
  webauthnRegisterOptionsBody,
} from '../../contract/payment-methods';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { decryptOtp } from '../services/auth';
import { pinStatus, savePin, unlockPin, validatePin } from '../services/payment-methods/pin';
import {
  hasWebauthn,
  login,
  loginOptions,
  registerCredential,
  registerOptions,
} from '../services/payment-methods/webauthn';
import { deleteUser } from '../services/users';

export function functionRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  // The PIN / WebAuthn functions (and the OTP decryption, a key oracle) are limited per address.
  const limited = rateLimit(ctx, 'functions');

  r.get('/functions/user_has_pin_prod', limited, auth, async (c) => {
    return c.json(await pinStatus({ ctx, input: { userId: c.get('session').userId } }));
  });

  r.post('/functions/save_pin_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, savePinBody);
    return c.json(await savePin({ ctx, input: { userId: c.get('session').userId, ...body } }));
  });

  r.post('/functions/validate_pin_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, validatePinBody);
    return c.json(await validatePin({ ctx, input: { userId: c.get('session').userId, pin: body.pin } }));
  });

  // Not in the spec's list: after three wrong PINs only the account password unlocks validation (issue 11).
  r.post('/functions/unlock_pin_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, unlockPinBody);
    return c.json(await unlockPin({ ctx, input: { userId: c.get('session').userId, password: body.password } }));
  });

  r.get('/functions/has_user_webauthn_prod', limited, auth, async (c) => {
    return c.json(await hasWebauthn({ ctx, input: { userId: c.get('session').userId } }));
  });

  r.post('/functions/generate_register_options_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, webauthnRegisterOptionsBody);
    return c.json(await registerOptions({ ctx, input: { sessionUserId: c.get('session').userId, ...body } }));
  });
  r.post('/functions/register_webauthn_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, webauthnRegisterBody);
    return c.json(
      await registerCredential({ ctx, input: { userId: c.get('session').userId, credential: body.credential } }),
    );
  });
  r.post('/functions/generate_login_options_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, webauthnLoginOptionsBody);
    return c.json(await loginOptions({ ctx, input: { sessionUserId: c.get('session').userId, ...body } }));
  });
  r.post('/functions/login_webauthn_prod', limited, auth, async (c) => {
    const body = await jsonBody(c, webauthnLoginBody);
    return c.json(await login({ ctx, input: { sessionUserId: c.get('session').userId, ...body } }));
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
