// Server tier, once per run:
// - The server bundled as `npm run build` bundles it (scripts/build-server.mjs, 0.4 s), into .tmp/: the tests that
//   start the server as a process (start, crash, security-crash, security-production) run it with node and the flags
//   of `npm start` (scripts/server-node-args.mjs). Under `node --import tsx` every such start compiled the server
//   again: a restart took 4.1 s against 1.5 s from the bundle, ~15 starts in the tier. Bundled from the sources at each
//   run, so it is never an old build.
// - PostgreSQL pass: one migrated template database for the whole run. Each worker copies it once (CREATE DATABASE
//   ... TEMPLATE, a tenth of a migration's cost; tests/server/helpers.ts); the copies and the template go at the end.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/build-server.mjs';
import { openPostgres } from '../../server/db/client';
import { WORKER_COPY } from './worker-copy';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    /** The server bundle the process tests run (tests/server/server-process.ts). */
    serverBundle: string;
  }
}

async function admin(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL as string });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const bundleDir = join(new URL('../..', import.meta.url).pathname, '.tmp', `server-tier-${process.pid}`);
  project.provide('serverBundle', await bundleServer(bundleDir));
  const removeBundle = () => rmSync(bundleDir, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return removeBundle;
  const name = `fp_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  // A template must have no open connections while it is copied.
  await database.close();
  project.provide('pgTemplate', name);
  return async () => {
    const copies = await admin('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      `${name}${WORKER_COPY}`,
    ]);
    for (const { datname } of copies.rows) await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    removeBundle();
  };
}
