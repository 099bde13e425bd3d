// Per-address rate limits (RATE_LIMIT_*) on the calls that create things or send mail: guest sessions,
// registrations, temporary-password mails, data exports, the cloud functions. Over the limit → 429 with Retry-After.
// Counted in the database (services/throttle), so every API process shares them.
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import type { Env } from '../env';
import { DomainError } from '../errors';
import { recordHit } from '../services/throttle';
import { clientAddress } from './client-address';
import type { AppEnv } from './types';

export type RateLimitName = Exclude<keyof Env['rateLimits'], 'windowSeconds'>;

export function rateLimit(ctx: AppContext, name: RateLimitName): MiddlewareHandler<AppEnv> {
  const max = ctx.env.rateLimits[name];
  const windowSeconds = ctx.env.rateLimits.windowSeconds;
  return async (c, next) => {
    const address = max > 0 ? clientAddress(c, ctx.env) : undefined;
    if (address) {
      const state = await recordHit({ ctx, input: { key: `rate:${name}:${address}`, windowSeconds } });
      if (state.count > max) {
        throw new DomainError(
          'rate_limited',
          'too_many_requests',
          'Too many requests from this address; try again later',
          undefined,
          state.retryAfterSeconds,
        );
      }
    }
    await next();
  };
}
