// What /metrics reads from the database (ops/metrics.ts): orders by state, the sandbox provider's holds and ledger,
// and the app outbox's writes still under way on the server (idempotency keys in progress). Figures of the whole
// database: every node reports the same ones (aggregate them with max, not sum).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DatabaseFigures } from '../../ops/metrics';

export type { DatabaseFigures };

type Rows<T> = { rows: T[] };

export async function readDatabaseFigures({ ctx }: { ctx: Pick<AppContext, 'db'> }): Promise<DatabaseFigures> {
  const run = async <T>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as Rows<T>).rows;
  const [orders, holds, ledger, progress] = await Promise.all([
    run<{ state: string; count: number }>(sql`select state, count(*)::int as count from orders group by state`),
    run<{ status: string; currency: string; count: number; held: string; captured: string }>(
      sql`select status, currency, count(*)::int as count, coalesce(sum(held), 0)::text as held,
                 coalesce(sum(captured), 0)::text as captured
          from payment_holds group by status, currency`,
    ),
    run<{ kind: string; currency: string; count: number; amount: string }>(
      sql`select kind, currency, count(*)::int as count, coalesce(sum(amount), 0)::text as amount
          from payment_ledger group by kind, currency`,
    ),
    run<{ count: number; oldest: number | null }>(
      sql`select count(*)::int as count, extract(epoch from min(created_at))::float8 as oldest from idempotency_keys
          where state = 'in_progress'`,
    ),
  ]);
  const p = progress[0];
  return {
    ordersByState: orders.map((r) => ({ state: r.state, count: Number(r.count) })),
    holds: holds.map((r) => ({ ...r, count: Number(r.count), held: Number(r.held), captured: Number(r.captured) })),
    ledger: ledger.map((r) => ({ ...r, count: Number(r.count), amount: Number(r.amount) })),
    inProgress: { count: Number(p?.count ?? 0), oldest: p?.oldest == null ? null : new Date(Number(p.oldest) * 1000) },
  };
}
