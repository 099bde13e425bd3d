// Login CSRF on the sandbox sign-in forms (issue 32.13): another site's page could post the demo OpenID provider's or
// the sandbox Amazon's form in the driver's browser and sign them in as someone the attacker chose. A browser names the
// page a form comes from (Origin; Sec-Fetch-Site): a post from another site is refused; one without either header (a
// script, an old browser) is not a browser's cross-site post and passes.
import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../errors';
import type { AppEnv } from './types';

export function sameOriginForms(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST') {
      if (c.req.header('sec-fetch-site') === 'cross-site') throw forbidden('This form takes no posts from other sites');
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          host = undefined;
        }
        if (host !== new URL(c.req.url).host) throw forbidden('This form takes no posts from other sites');
      }
    }
    await next();
  };
}
