// The data export cannot go stale silently: every table of the schema that is keyed by a user (a column referencing
// users or such a table, a user_id / *_user_id / order_id column, or an email column) is either read by a section of
// the export or excluded with a reason (server/services/data-export/coverage.ts).
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { EXCLUDED_TABLES, exportCoverage, SECTIONS } from '../../server/services/data-export';

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const configs = tables.map((t) => getTableConfig(t));
const names = new Set(configs.map((c) => c.name));

/** A column whose name says whose it is. */
const personal = /^(user_id|.+_user_id|order_id|email|to)$/;

function userKeyedTables(): Set<string> {
  const keyed = new Set<string>(['users']);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of configs) {
      if (keyed.has(c.name)) continue;
      const byName = c.columns.some((col) => personal.test(col.name));
      const byReference = c.foreignKeys.some((fk) => keyed.has(getTableConfig(fk.reference().foreignTable).name));
      if (byName || byReference) {
        keyed.add(c.name);
        grew = true;
      }
    }
  }
  return keyed;
}

describe('data export coverage', () => {
  it('finds the user-keyed tables in the schema (the rule sees the known ones)', () => {
    const keyed = userKeyedTables();
    for (const t of ['users', 'things', 'orders', 'payment_ledger', 'history_image_chunks', 'sessions', 'mails']) {
      expect(keyed).toContain(t);
    }
    expect(keyed).not.toContain('stations');
  });

  it('every user-keyed table is exported or excluded with a reason', () => {
    const coverage = exportCoverage();
    const missing = [...userKeyedTables()].filter((t) => !coverage.has(t)).sort();
    expect(missing, `add these tables to a section of the data export or to EXCLUDED_TABLES: ${missing}`).toEqual([]);
  });

  it('names only tables that exist, and gives every exclusion a reason', () => {
    for (const s of SECTIONS) for (const t of s.tables) expect(names, `${s.file}: ${t}`).toContain(t);
    for (const [t, why] of Object.entries(EXCLUDED_TABLES)) {
      expect(names, t).toContain(t);
      expect(why.length).toBeGreaterThan(20);
    }
  });

  it('file names are unique', () => {
    const files = SECTIONS.map((s) => s.file);
    expect(new Set(files).size).toBe(files.length);
  });
});
