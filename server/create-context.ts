// Builds the context of a process (server/index.ts, the tests): the place where areas that must not import each other
// are connected — the development mailbox behind the mailer, the orders behind the forecourt's hooks.
import { createDemoOidc } from './auth/demo-oidc';
import { type AppContext, type Clock, consoleLogger, type Logger, systemClock } from './context';
import type { Db, DbDriver } from './db/client';
import type { Env } from './env';
import { createMailer } from './mail/mailer';
import { storeMail } from './services/mail';
import { forecourtHooks } from './services/orders';

export async function createContext(opts: {
  env: Env;
  db: Db;
  driver: DbDriver;
  log?: Logger;
  clock?: Clock;
}): Promise<AppContext> {
  const ctx = {
    env: opts.env,
    db: opts.db,
    driver: opts.driver,
    log: opts.log ?? consoleLogger,
    demoOidc: opts.env.demoMode ? await createDemoOidc(opts.env.publicUrl) : undefined,
    memo: new Map(),
    clock: opts.clock ?? systemClock,
  } satisfies Omit<AppContext, 'mailer' | 'orderHooks'> as AppContext;
  // Both act on this very context, so they are made once it exists.
  ctx.mailer = createMailer({ smtp: opts.env.smtp, keep: (mail) => storeMail({ ctx, input: mail }) });
  ctx.orderHooks = forecourtHooks({ ctx });
  return ctx;
}
