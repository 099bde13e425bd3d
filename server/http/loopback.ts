// Guards the DEMO_MODE helpers that must never be reachable from the network (the development mailbox, the forecourt
// console without a token, the sandbox identity pages): 403 unless the caller is on this machine (client-address.ts:
// isLoopbackClient).
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import { forbidden } from '../errors';
import { isLoopbackClient } from './client-address';
import type { AppEnv } from './types';

export function loopbackOnly(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isLoopbackClient(c, ctx.env)) throw forbidden('Only clients on this machine may use this (DEMO_MODE)');
    await next();
  };
}

/**
 * The sandbox identity pages (the sandbox Amazon sign-in, the demo OpenID provider): each names any buyer or email, so
 * like the mailbox they answer only this machine, unless the operator opened them with DEMO_PUBLIC=true on purpose.
 */
export function sandboxIdentityPages(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const local = loopbackOnly(ctx);
  return (c, next) => (ctx.env.demoPublic ? next() : local(c, next));
}
