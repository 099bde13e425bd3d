// Login CSRF on the sandbox sign-in forms (issue 32.13): another site's page could post the demo OpenID provider's or
// the sandbox Amazon's form in the driver's browser and sign them in as someone the attacker chose. A browser names the
// page a form comes from (Sec-Fetch-Site; Origin): a post from another site is refused; one without either header (a
// script, an old browser) is not a browser's cross-site post and passes.
import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../errors';
import type { AppEnv } from './types';

export function sameOriginForms(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST' && !fromThisSite(c.req.header('sec-fetch-site'), c.req.header('origin'), c.req.url)) {
      throw forbidden('This form takes no posts from other sites');
    }
    await next();
  };
}

/**
 * Sec-Fetch-Site, where the browser sends it (every current one), decides alone: under this app's Referrer-Policy
 * (no-referrer) a browser's own-page form post carries `Origin: null`. Without it, the Origin must be this host.
 */
function fromThisSite(fetchSite: string | undefined, origin: string | undefined, url: string): boolean {
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(url).host;
  } catch {
    return false; // "null" and anything else that is not an origin
  }
}
