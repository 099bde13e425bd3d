// The demo identity provider's pages (DEMO_MODE only, not under /api): discovery, JWKS, and an authorize page
// that asks for an email and redirects back with `#id_token=...&state=...` (implicit flow, response_type id_token).
import { Hono } from 'hono';
import { z } from 'zod';
import type { DemoOidc } from '../auth/demo-oidc';
import type { AppContext } from '../context';
import { pageCsp } from '../http/security-headers';
import type { AppEnv } from '../http/types';
import { escapeHtml as h } from '../mail/mailer';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/**
 * The registered redirect URIs: the app's pages that take the token back (src/features/session/openid.ts sends
 * `${origin}/login`; the registration of an unknown identity continues at /register/mail). Compared exactly, as
 * strings: no prefix, no path tricks (`/%09/evil.example`), no other origin.
 */
export const DEMO_OIDC_REDIRECT_PATHS = ['/login', '/register/mail'] as const;

type AuthorizeParams = { clientId: string; redirectUri: string; state: string; nonce: string };

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}input[type=email]{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}[role=alert]{color:#a00000}';
/** The sign-in page posts to itself and is then redirected to the app (form-action 'self' covers both). */
const CSP = pageCsp({ styles: [STYLE], forms: true });

function authorizePage(p: AuthorizeParams, error?: string, email = '') {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${h(value)}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo identity provider</title><style>${STYLE}</style></head><body><main><h1>Demo identity provider</h1><p>This stands in for an external sign-in provider. Enter any email address; no password is needed.</p><form method="post" action="/dev/oidc/authorize">${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('state', p.state)}${hidden('nonce', p.nonce)}<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${h(email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>${error ? `<p id="email-error" role="alert">${h(error)}</p>` : ''}<button type="submit">Sign in</button></form></main></body></html>`;
}

export function devOidcRoutes(ctx: AppContext, demo: DemoOidc) {
  const r = new Hono<AppEnv>();
  const registered = new Set(DEMO_OIDC_REDIRECT_PATHS.map((path) => `${ctx.env.publicOrigin}${path}`));

  const check = (p: AuthorizeParams): string | undefined => {
    if (!registered.has(p.redirectUri)) {
      return `redirect_uri must be one of the registered addresses: ${[...registered].join(', ')}`;
    }
    if (p.clientId && p.clientId !== demo.audience) return `client_id must be ${demo.audience}`;
    return undefined;
  };
  const badRequest = (message: string) =>
    new Response(`Bad request: ${message}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });

  r.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: demo.issuer,
      authorization_endpoint: `${demo.issuer}/authorize`,
      jwks_uri: `${demo.issuer}/jwks.json`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      scopes_supported: ['openid', 'email'],
      claims_supported: ['sub', 'email', 'email_verified', 'nonce', 'iss', 'aud', 'exp', 'iat'],
    }),
  );

  r.get('/jwks.json', (c) => c.json(demo.jwks));

  r.get('/authorize', (c) => {
    const p: AuthorizeParams = {
      clientId: c.req.query('client_id') ?? '',
      redirectUri: c.req.query('redirect_uri') ?? '',
      state: c.req.query('state') ?? '',
      nonce: c.req.query('nonce') ?? '',
    };
    const problem = check(p);
    if (problem) return badRequest(problem);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CSP);
    return c.html(authorizePage(p));
  });

  r.post('/authorize', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return badRequest('the form could not be read');
    }
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const p: AuthorizeParams = {
      clientId: field('client_id'),
      redirectUri: field('redirect_uri'),
      state: field('state'),
      nonce: field('nonce'),
    };
    const problem = check(p);
    if (problem) return badRequest(problem);
    const email = emailSchema.safeParse(field('email'));
    c.header('Content-Security-Policy', CSP);
    if (!email.success) return c.html(authorizePage(p, 'Enter a valid email address.', field('email')), 400);
    const idToken = await demo.mint({ email: email.data, ...(p.nonce ? { nonce: p.nonce } : {}) });
    const fragment = new URLSearchParams({ id_token: idToken, ...(p.state ? { state: p.state } : {}) });
    return c.redirect(`${p.redirectUri}#${fragment.toString()}`, 302);
  });

  return r;
}
