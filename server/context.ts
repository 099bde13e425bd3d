// What every service and route receives: parsed configuration, the database and process-wide helpers.

import { createDemoOidc, type DemoOidc } from './auth/demo-oidc';
import type { Db, DbDriver } from './db/client';
import type { Env } from './env';
import { createMailer, type Mailer } from './mail/mailer';

export type Logger = {
  info(line: string): void;
  error(line: string, err?: unknown): void;
};

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, err) => console.error(line, err instanceof Error ? (err.stack ?? err.message) : (err ?? '')),
};

/** Time source of services and the forecourt simulator; tests pass a fake one. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export type AppContext = {
  env: Env;
  db: Db;
  driver: DbDriver;
  log: Logger;
  mailer: Mailer;
  /** The built-in demo identity provider; undefined unless DEMO_MODE. */
  demoOidc: DemoOidc | undefined;
  /** Cache for process-wide computed values (e.g. the dummy password hash). */
  memo: Map<string, unknown>;
  clock: Clock;
};

export async function createContext(opts: {
  env: Env;
  db: Db;
  driver: DbDriver;
  log?: Logger;
  clock?: Clock;
}): Promise<AppContext> {
  const ctx: AppContext = {
    env: opts.env,
    db: opts.db,
    driver: opts.driver,
    log: opts.log ?? consoleLogger,
    mailer: undefined as unknown as Mailer,
    demoOidc: opts.env.demoMode ? await createDemoOidc(opts.env.publicUrl) : undefined,
    memo: new Map(),
    clock: opts.clock ?? systemClock,
  };
  ctx.mailer = createMailer(ctx);
  return ctx;
}
