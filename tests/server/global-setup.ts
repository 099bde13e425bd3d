// Server tier, PostgreSQL pass: one migrated template database for the whole run. Each worker copies it once
// (CREATE DATABASE ... TEMPLATE, a tenth of a migration's cost; tests/server/helpers.ts); the copies and the template
// go at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../server/db/client';
import { WORKER_COPY } from './worker-copy';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
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
  if (!process.env.DATABASE_URL) return;
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
  };
}
