// Bearer-token authentication. A session opened with a temporary password may only use the routes that opt in
// (GET/PATCH own user, own account features, change-password, logout); anything else → 403 temp_pass.
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { authenticate } from '../services/auth';
import type { AppEnv } from './types';

export function requireAuth(ctx: AppContext, opts: { allowTempPass?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
    if (!match?.[1]) throw new DomainError('unauthenticated', 'invalid_session', 'Invalid login session');
    const session = await authenticate({ ctx, input: { token: match[1] } });
    if (session.tempPass && !opts.allowTempPass) {
      throw new DomainError(
        'forbidden',
        'temp_pass',
        'Choose a new password first: you signed in with a temporary password',
      );
    }
    c.set('session', session);
    await next();
  };
}

/**
 * A session when the request brings a valid one (not a temporary password's), none otherwise: for calls that anyone may
 * make and a signed-in driver makes differently (linking an OpenID identity from the profile).
 */
export function optionalAuth(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(c.req.header('authorization') ?? '');
    if (match?.[1]) {
      const session = await authenticate({ ctx, input: { token: match[1] } }).catch(() => undefined);
      if (session && !session.tempPass) c.set('session', session);
    }
    await next();
  };
}
