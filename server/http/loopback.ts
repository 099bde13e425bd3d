// Guards the DEMO_MODE helpers that must never be reachable from the network (the development mailbox, the forecourt
// console without a token): 403 unless the caller is on this machine (client-address.ts: isLoopbackClient).
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
