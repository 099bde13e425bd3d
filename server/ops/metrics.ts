// Prometheus metrics of one process (prom-client), served at GET /metrics (routes/metrics.ts): request durations by
// route, open event streams, the forecourt leader and its ticks, the database pool, queues and their lag, and figures
// of the whole database (orders by state, holds, the ledger), read at most every FIGURES_TTL_MS whatever scrapes.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the database says (services/ops/database-figures.ts reads it; the type lives here, so no import cycle). */
export type DatabaseFigures = {
  ordersByState: { state: string; count: number }[];
  holds: { status: string; currency: string; count: number; held: number; captured: number }[];
  ledger: { kind: string; currency: string; count: number; amount: number }[];
  /** Idempotency keys claimed and not done: the app outbox's writes (and order calls) the server is working on. */
  inProgress: { count: number; oldest: Date | null };
};

/** Database figures are read at most this often, however many scrapers ask (N nodes × M Prometheus). */
const FIGURES_TTL_MS = 5_000;

/** What a queue reports: items waiting and the age of the oldest (seconds; null when empty). */
export type QueueProbe = () =>
  | Promise<{ waiting: number; oldestSeconds: number | null }>
  | {
      waiting: number;
      oldestSeconds: number | null;
    };

/** The pg Pool's counters (db/client.ts); null on PGlite (one embedded connection). */
export type PoolStats = () => { total: number; idle: number; waiting: number; max: number } | null;

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  streamsOpen: Gauge<'event'>;
  simulatorTicks: Counter;
  leader: Gauge<'election'>;
  /**
   * A queue whose length and lag /metrics shows (forecourt_queue_waiting, forecourt_queue_lag_seconds by `queue`).
   * Registered by create-context.ts: `outbox` and `background`. THE HOOK FOR THE MAIL QUEUE: once its table exists,
   * register `mail` there with a probe counting its unsent rows and the oldest one's age.
   */
  addQueue(name: string, probe: QueueProbe): void;
  /** Node's own process metrics (event loop lag, heap, GC, CPU): server/index.ts turns them on for the real process. */
  processMetrics(): void;
  /** The Prometheus text of every metric. */
  render(): Promise<string>;
  contentType: string;
};

export function createMetrics(opts: { figures: () => Promise<DatabaseFigures>; pool: PoolStats }): Metrics {
  const registry = new Registry();
  let cached: { at: number; value: Promise<DatabaseFigures> } | null = null;
  const figures = () => {
    const now = Date.now();
    if (!cached || now - cached.at > FIGURES_TTL_MS) {
      const value = opts.figures();
      cached = { at: now, value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: duration until the handler answered',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const streamsOpen = new Gauge({
    name: 'forecourt_event_streams_open',
    help: 'Server-Sent Event streams open on this node, by event (order, station)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const simulatorTicks = new Counter({
    name: 'forecourt_simulator_ticks_total',
    help: 'Ticks of the forecourt simulator and the orders watchdog run by this node (only the leader ticks)',
    registers: [registry],
  });
  const leader = new Gauge({
    name: 'forecourt_leader',
    help: '1 while this node holds the election (forecourt-simulator: the simulator and the watchdogs run here)',
    labelNames: ['election'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'forecourt_orders',
    help: 'Orders by state (the whole database: every node reports the same figure)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const r of f.ordersByState) this.set({ state: r.state }, r.count);
    },
  });
  new Gauge({
    name: 'forecourt_payment_holds',
    help: "The sandbox provider's holds by status (HELD open, CAPTURED, RELEASED, VOIDED) and currency (whole database)",
    labelNames: ['status', 'currency'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const r of f.holds) this.set({ status: r.status, currency: r.currency }, r.count);
    },
  });
  new Gauge({
    name: 'forecourt_payment_holds_amount_minor',
    help: 'Sum of the holds (kind=held) and of their captures (kind=captured) by hold status and currency, minor units',
    labelNames: ['status', 'currency', 'kind'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const r of f.holds) {
        this.set({ status: r.status, currency: r.currency, kind: 'held' }, r.held);
        this.set({ status: r.status, currency: r.currency, kind: 'captured' }, r.captured);
      }
    },
  });
  new Gauge({
    name: 'forecourt_payment_ledger_entries',
    help: "Entries of the sandbox provider's ledger by kind (HOLD, CAPTURE, RELEASE, VOID, DECLINE) and currency; only grows",
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const r of f.ledger) this.set({ kind: r.kind, currency: r.currency }, r.count);
    },
  });
  new Gauge({
    name: 'forecourt_payment_ledger_amount_minor',
    help: 'Sum of the ledger entries by kind and currency, minor units; only grows',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const r of f.ledger) this.set({ kind: r.kind, currency: r.currency }, r.amount);
    },
  });

  const queues = new Map<string, QueueProbe>();
  queues.set('outbox', async () => {
    const f = await figures();
    const oldest = f.inProgress.oldest;
    return {
      waiting: f.inProgress.count,
      oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : null,
    };
  });
  const probeAll = async () => {
    const out: { queue: string; waiting: number; oldestSeconds: number | null }[] = [];
    for (const [queue, probe] of queues) out.push({ queue, ...(await probe()) });
    return out;
  };
  new Gauge({
    name: 'forecourt_queue_waiting',
    help: 'Items waiting in a queue: outbox (the app outbox writes under way: idempotency keys in progress, whole database), background (work after an answer, this node), mail when it exists',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await probeAll()) this.set({ queue: q.queue }, q.waiting);
    },
  });
  new Gauge({
    name: 'forecourt_queue_lag_seconds',
    help: "Age of a queue's oldest waiting item in seconds (0 when empty)",
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await probeAll()) this.set({ queue: q.queue }, q.oldestSeconds ?? 0);
    },
  });

  new Gauge({
    name: 'forecourt_db_pool_connections',
    help: "This node's PostgreSQL pool: connections by state (total, idle, waiting = queries queued for one), and max",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = opts.pool();
      this.reset();
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
      this.set({ state: 'max' }, p.max);
    },
  });

  let processOn = false;
  return {
    registry,
    httpDuration,
    streamsOpen,
    simulatorTicks,
    leader,
    addQueue: (name, probe) => {
      queues.set(name, probe);
    },
    processMetrics: () => {
      if (processOn) return;
      processOn = true;
      collectDefaultMetrics({ register: registry });
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
