// Server tier, PostgreSQL pass: one migrated template database for the whole run. Each suite copies it
// (CREATE DATABASE ... TEMPLATE, a tenth of a migration's cost) and drops its copy; the template goes at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL as string });
  await client.connect();
  try {
    await client.query(sql);
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
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
