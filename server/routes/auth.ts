// /api/auth/*: HTTP only — validate with the contract, call a service, shape the answer.
import { type Context, Hono } from 'hono';
import {
  changePasswordBody,
  guestBody,
  loginLocalBody,
  loginOpenIdBody,
  openIdCallbackBody,
  openIdCompleteBody,
  openIdEmailBody,
  openIdStartBody,
  registerBody,
  resendPasswordBody,
} from '../../contract/auth';
import { offeredProviders } from '../auth/oidc';
import type { AppContext } from '../context';
import { optionalAuth, requireAuth } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  changePassword,
  completeOpenId,
  listIdentities,
  loginLocal,
  loginOpenId,
  logout,
  openIdCallback,
  register,
  registerGuest,
  rememberLanguage,
  resendPassword,
  sendOpenIdEmailCode,
  startOpenId,
  unlinkIdentity,
} from '../services/auth';

/** The request's language: the app's X-Locale header (every request of the app carries it), else Accept-Language. */
const requestLanguage = (c: Context<AppEnv>): string | undefined =>
  c.req.header('x-locale') ?? c.req.header('accept-language');

export function authRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/auth/register', rateLimit(ctx, 'registrations'), async (c) => {
    const input = await jsonBody(c, registerBody);
    const out = await register({ ctx, input: { ...input, acceptLanguage: requestLanguage(c) } });
    await rememberLanguage({ ctx, input: { userId: out._id, language: requestLanguage(c) } });
    return c.json(out, 201);
  });

  r.post('/auth/login/local', async (c) => {
    const body = await jsonBody(c, loginLocalBody);
    const out = await loginLocal({ ctx, input: { ...body, address: clientAddress(c, ctx.env) } });
    await rememberLanguage({ ctx, input: { userId: out._id, language: requestLanguage(c) } });
    return c.json(out);
  });

  r.post('/auth/register/guest', rateLimit(ctx, 'guests'), async (c) => {
    const body = await jsonBody(c, guestBody);
    return c.json(await registerGuest({ ctx, input: { partner: body?.partner } }), 201);
  });

  // Which identity providers /login and /register offer: this server's, not the build's.
  r.get('/auth/login/openId/providers', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(offeredProviders(ctx));
  });

  r.post('/auth/login/openId', async (c) => {
    const input = await jsonBody(c, loginOpenIdBody);
    const out = await loginOpenId({ ctx, input });
    await rememberLanguage({ ctx, input: { userId: out._id, language: requestLanguage(c) } });
    return c.json(out);
  });

  // The OpenID Connect code flow (issue 36): start → the provider → /openid/callback → callback (→ email / complete).
  r.post('/auth/login/openId/start', optionalAuth(ctx), async (c) => {
    const body = await jsonBody(c, openIdStartBody);
    const userId = c.get('session')?.userId;
    return c.json(await startOpenId({ ctx, input: { ...body, userId } }));
  });

  r.post('/auth/login/openId/callback', optionalAuth(ctx), async (c) => {
    const body = await jsonBody(c, openIdCallbackBody);
    return c.json(await openIdCallback({ ctx, input: { ...body, userId: c.get('session')?.userId } }));
  });

  r.post('/auth/login/openId/email', rateLimit(ctx, 'passwordMails'), async (c) => {
    const input = await jsonBody(c, openIdEmailBody);
    // The mail's language: the app's (X-Locale), else the browser's (Accept-Language).
    const locale = c.req.header('x-locale') ?? c.req.header('accept-language');
    return c.json(await sendOpenIdEmailCode({ ctx, input: { ...input, locale } }));
  });

  r.post('/auth/login/openId/complete', async (c) => {
    const body = await jsonBody(c, openIdCompleteBody);
    return c.json(await completeOpenId({ ctx, input: { ...body, address: clientAddress(c, ctx.env) } }));
  });

  r.get('/auth/openId/identities', requireAuth(ctx), async (c) =>
    c.json(await listIdentities({ ctx, input: { userId: c.get('session').userId } })),
  );

  r.delete('/auth/openId/identities/:provider', requireAuth(ctx), async (c) =>
    c.json(
      await unlinkIdentity({ ctx, input: { userId: c.get('session').userId, provider: c.req.param('provider') } }),
    ),
  );

  r.post('/auth/change-password', requireAuth(ctx, { allowTempPass: true }), async (c) => {
    const body = await jsonBody(c, changePasswordBody);
    return c.json(await changePassword({ ctx, input: { ...body, session: c.get('session') } }));
  });

  r.post('/auth/resend-password', rateLimit(ctx, 'passwordMails'), async (c) => {
    const input = await jsonBody(c, resendPasswordBody);
    await resendPassword({ ctx, input: { ...input, acceptLanguage: requestLanguage(c) } });
    return c.json({ sent: true as const });
  });

  r.post('/auth/logout', requireAuth(ctx, { allowTempPass: true }), async (c) => {
    await logout({ ctx, input: { session: c.get('session') } });
    return c.json({ ok: true as const });
  });

  return r;
}
