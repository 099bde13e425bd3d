// The demo identity provider's pages (DEMO_MODE only, not under /api): discovery, JWKS, an authorize page that asks
// for an email and redirects back with `?code=...&state=...&iss=...` (authorization code flow, PKCE S256 required), and
// the token endpoint that trades the code for an ID token (auth/demo-oidc.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import type { DemoOidc } from '../auth/demo-oidc';
import { OIDC_REDIRECT_PATH } from '../auth/oidc';
import type { AppContext } from '../context';
import { pageCsp } from '../http/security-headers';
import type { AppEnv } from '../http/types';
import { escapeHtml as h } from '../mail/mailer';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/**
 * The registered redirect URI: the app's page that hands code and state to the server (auth/oidc.ts). Compared
 * exactly, as a string: no prefix, no path tricks (`/%09/evil.example`), no other origin.
 */
export const DEMO_OIDC_REDIRECT_PATHS = [OIDC_REDIRECT_PATH] as const;

type AuthorizeParams = {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  codeChallengeMethod: string;
};

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}input[type=email]{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}[role=alert]{color:#a00000}label[for=verified]{display:inline}';
/** The sign-in page posts to itself and is then redirected to the app (form-action 'self' covers both). */
const CSP = pageCsp({ styles: [STYLE], forms: true });

function authorizePage(p: AuthorizeParams, error?: string, email = '') {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${h(value)}">`;
  const fields = [
    hidden('client_id', p.clientId),
    hidden('redirect_uri', p.redirectUri),
    hidden('state', p.state),
    hidden('nonce', p.nonce),
    hidden('code_challenge', p.codeChallenge),
    hidden('code_challenge_method', p.codeChallengeMethod),
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo identity provider</title><style>${STYLE}</style></head><body><main><h1>Demo identity provider</h1><p>This stands in for an external sign-in provider. Enter any email address; no password is needed. Leave it empty to sign in as an identity without an email.</p><form method="post" action="/dev/oidc/authorize">${fields}<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${h(email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>${error ? `<p id="email-error" role="alert">${h(error)}</p>` : ''}<p><input id="verified" name="verified" type="checkbox" value="yes" checked> <label for="verified">The provider has verified this email</label></p><button type="submit" name="action" value="sign-in">Sign in</button> <button type="submit" name="action" value="cancel">Cancel</button></form></main></body></html>`;
}

export function devOidcRoutes(ctx: AppContext, demo: DemoOidc) {
  const r = new Hono<AppEnv>();
  const registered = new Set(DEMO_OIDC_REDIRECT_PATHS.map((path) => `${ctx.env.publicOrigin}${path}`));

  const check = (p: AuthorizeParams): string | undefined => {
    if (!registered.has(p.redirectUri)) {
      return `redirect_uri must be one of the registered addresses: ${[...registered].join(', ')}`;
    }
    if (p.clientId !== demo.audience) return `client_id must be ${demo.audience}`;
    if (!p.codeChallenge || p.codeChallengeMethod !== 'S256') return 'PKCE is required (code_challenge_method=S256)';
    return undefined;
  };
  const badRequest = (message: string) =>
    new Response(`Bad request: ${message}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });

  r.get('/.well-known/openid-configuration', (c) => c.json(demo.metadata));

  r.get('/jwks.json', (c) => c.json(demo.jwks));

  r.get('/authorize', (c) => {
    const p: AuthorizeParams = {
      clientId: c.req.query('client_id') ?? '',
      redirectUri: c.req.query('redirect_uri') ?? '',
      state: c.req.query('state') ?? '',
      nonce: c.req.query('nonce') ?? '',
      codeChallenge: c.req.query('code_challenge') ?? '',
      codeChallengeMethod: c.req.query('code_challenge_method') ?? '',
    };
    if (c.req.query('response_type') !== 'code') return badRequest('response_type must be code');
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
      codeChallenge: field('code_challenge'),
      codeChallengeMethod: field('code_challenge_method'),
    };
    const problem = check(p);
    if (problem) return badRequest(problem);
    const back = (params: Record<string, string>) => {
      const q = new URLSearchParams({ ...params, ...(p.state ? { state: p.state } : {}), iss: demo.issuer });
      return c.redirect(`${p.redirectUri}?${q.toString()}`, 302);
    };
    if (field('action') === 'cancel') return back({ error: 'access_denied', error_description: 'cancelled' });
    c.header('Content-Security-Policy', CSP);
    const typed = field('email').trim();
    const email = typed ? emailSchema.safeParse(typed) : undefined;
    if (email && !email.success) return c.html(authorizePage(p, 'Enter a valid email address.', typed), 400);
    const code = await demo.issueCode({
      email: email?.data,
      emailVerified: field('verified') === 'yes',
      nonce: p.nonce || undefined,
      codeChallenge: p.codeChallenge,
      redirectUri: p.redirectUri,
      clientId: p.clientId,
    });
    return back({ code });
  });

  // The token endpoint for clients over HTTP (this server calls it in-process: DemoOidc.fetch).
  r.post('/token', async (c) => {
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(await c.req.text());
    } catch {
      return c.json({ error: 'invalid_request' }, 400);
    }
    const answer = await demo.token(form);
    c.header('Cache-Control', 'no-store');
    return c.json(answer.body, answer.status as 200 | 400);
  });

  return r;
}
