// "Sign in with Amazon": the sandbox Amazon's sign-in page (DEMO_MODE only, not under /api) and the API call that
// turns its buyer token into a session (POST /auth/amazon/sign-in, our addition: the spec names only the route
// /amazonSSORedirect and POST auth/amazon-pay/button-config).
import { Hono } from 'hono';
import { amazonSignInBody } from '../../contract/auth';
import {
  amazonSignInPage,
  type BuyerErrors,
  buyerForm,
  invalidConfigPage,
  readSignInConfig,
} from '../auth/amazon-sign-in-page';
import type { AppContext } from '../context';
import { clientAddress } from '../http/client-address';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { CARD_PAGE_CSP } from '../psp/card-page-html';
import { issueAmazonBuyerToken, signInWithAmazon } from '../services/auth';

export function amazonSignInApiRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.post('/auth/amazon/sign-in', rateLimit(ctx, 'registrations'), async (c) => {
    const input = await jsonBody(c, amazonSignInBody);
    return c.json(await signInWithAmazon({ ctx, input: { ...input, address: clientAddress(c, ctx.env) } }));
  });
  return r;
}

export function amazonSandboxPages(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CARD_PAGE_CSP);
    await next();
  });

  r.get('/sign-in', (c) => {
    const config = readSignInConfig(ctx, c.req.query('payloadJSON') ?? '', c.req.query('signature') ?? '');
    if (!config) return c.html(invalidConfigPage(), 400);
    return c.html(amazonSignInPage(config, { email: c.req.query('email') ?? '' }));
  });

  r.post('/sign-in', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      body = {};
    }
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 4000) : '');
    const config = readSignInConfig(ctx, text('payloadJSON'), text('signature'));
    if (!config) return c.html(invalidConfigPage(), 400);
    if (text('action') === 'cancel') return c.redirect(config.cancelUrl, 303);
    const parsed = buyerForm.safeParse({ name: text('name'), email: text('email') });
    if (!parsed.success) {
      const errors: BuyerErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'name' || key === 'email') && !errors[key]) errors[key] = issue.message;
      }
      return c.html(amazonSignInPage(config, { name: text('name'), email: text('email'), errors }), 400);
    }
    const buyerToken = await issueAmazonBuyerToken({ ctx, input: parsed.data });
    const back = new URL(config.returnUrl);
    back.searchParams.set('buyerToken', buyerToken);
    return c.redirect(back.toString(), 303);
  });
  return r;
}
