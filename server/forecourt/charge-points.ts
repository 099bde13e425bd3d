// The built-in simulated chargers as OCPP 1.6J charge points: one per EV port (charge point id = the port's product id,
// connector 1), each an ocpp-rpc client with its own key, connecting over loopback to the central system like any
// real charger (same process by default, or `npm run chargers`). The "hardware" is the forecourt's connector device
// (the console and the simulator drive it through services/forecourt, as before); this module watches it and says
// what happened in OCPP: StatusNotification, StartTransaction, MeterValues, StopTransaction; and answers the central
// system's calls by moving the hardware (RemoteStart authorizes it, RemoteStop stops it, ChangeAvailability, Reset).
// What a real charger keeps across a reboot (its transaction, idTag, energy register, queued messages) is in
// ocpp_builtin_chargers. Cut off (the console's "offline", or its station offline) it keeps charging and queues.
import { and, eq, inArray } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { AppContext } from '../context';
import {
  type DeviceRow,
  forecourtDevices,
  forecourtSessions,
  type OcppBuiltinRow,
  ocppBuiltinChargers,
  type StationProductRow,
  stationProducts,
  stations,
} from '../db/schema';
import { NETWORK } from '../seed/stations';
import {
  authorizeConnector,
  cancelCharging,
  readMeter,
  setConnectorAvailable,
  stopCharging,
} from '../services/forecourt';
import { newChargerPassword, registerChargePoint } from '../services/ocpp';

const PROTOCOL = 'ocpp1.6';
/** States of a running transaction on the hardware. */
const IN_TRANSACTION = new Set(['Charging', 'SuspendedEV']);
/** States after a charge began (its StartTransaction is due). */
const CHARGED = new Set(['Charging', 'SuspendedEV', 'Finishing']);
/** Messages a cut-off charger keeps (the oldest meter values go first when more pile up). */
const QUEUE_MAX = 60;
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];

type Hardware = { device: DeviceRow; product: StationProductRow; stationOnline: boolean };
type Queued = OcppBuiltinRow['queue'][number];

export type BuiltinChargers = {
  start(): Promise<void>;
  /** Look at every charger now (tests; normally a timer and the change notifications do). */
  sync(): Promise<void>;
  /** Charge point ids and whether each is connected now. */
  status(): Array<{ id: string; connected: boolean }>;
  stop(): Promise<void>;
};

/** The EV ports the built-in chargers stand for: the hand-made demo stations' ports, or every port of the network. */
async function portsInScope(ctx: AppContext, scope: 'demo' | 'all', only?: string[]): Promise<string[]> {
  const rows = await ctx.db
    .select({ productId: forecourtDevices.productId, stationId: forecourtDevices.stationId })
    .from(forecourtDevices)
    .where(
      only
        ? and(eq(forecourtDevices.kind, 'CONNECTOR'), inArray(forecourtDevices.productId, only))
        : eq(forecourtDevices.kind, 'CONNECTOR'),
    );
  if (only || scope === 'all') return rows.map((r) => r.productId);
  const demo = new Set(NETWORK.map((s) => s.id));
  return rows.filter((r) => demo.has(r.stationId)).map((r) => r.productId);
}

type Charger = {
  id: string;
  client: RPCClient | null;
  connecting: boolean;
  connected: boolean;
  attempt: number;
  retry: NodeJS.Timeout | undefined;
  heartbeat: NodeJS.Timeout | undefined;
  /** The last status sent (null: none since this connection). */
  reported: string | null;
  lastMeterAt: number;
  remoteStop: boolean;
  /** One step at a time per charger. */
  chain: Promise<void>;
  config: Map<string, string>;
};

export function createBuiltinChargers(
  ctx: AppContext,
  opts: { url: string; scope?: 'demo' | 'all'; productIds?: string[]; tickMs?: number },
): BuiltinChargers {
  const chargers = new Map<string, Charger>();
  const byStation = new Map<string, Set<string>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let unwatch: (() => void) | undefined;
  const now = () => ctx.clock.now();
  const speed = ctx.env.forecourt.speed;

  async function hardware(id: string): Promise<{ hw: Hardware; mem: OcppBuiltinRow } | undefined> {
    const [row] = await ctx.db
      .select({
        device: forecourtDevices,
        product: stationProducts,
        stationStatus: stations.status,
        mem: ocppBuiltinChargers,
      })
      .from(forecourtDevices)
      .innerJoin(stationProducts, eq(stationProducts.id, forecourtDevices.productId))
      .innerJoin(stations, eq(stations.id, forecourtDevices.stationId))
      .leftJoin(ocppBuiltinChargers, eq(ocppBuiltinChargers.productId, forecourtDevices.productId))
      .where(eq(forecourtDevices.productId, id));
    if (!row) return undefined;
    const mem = row.mem ?? (await ensureMemory(id));
    return { hw: { device: row.device, product: row.product, stationOnline: row.stationStatus === 'ONLINE' }, mem };
  }

  async function ensureMemory(id: string): Promise<OcppBuiltinRow> {
    await ctx.db.insert(ocppBuiltinChargers).values({ productId: id }).onConflictDoNothing();
    const [mem] = await ctx.db.select().from(ocppBuiltinChargers).where(eq(ocppBuiltinChargers.productId, id));
    if (!mem) throw new Error(`charger memory of ${id} missing`);
    return mem;
  }

  const remember = (id: string, patch: Partial<OcppBuiltinRow>) =>
    ctx.db.update(ocppBuiltinChargers).set(patch).where(eq(ocppBuiltinChargers.productId, id));

  /** Sends now, or keeps the message for later (transaction messages only; a status is sent afresh on return). */
  async function send(c: Charger, action: string, payload: Record<string, unknown>, keep: boolean): Promise<unknown> {
    if (c.client && c.connected) {
      try {
        return await c.client.call(action, payload);
      } catch (err) {
        if (!keep) throw err;
      }
    }
    if (keep) {
      const [mem] = await ctx.db
        .select({ queue: ocppBuiltinChargers.queue })
        .from(ocppBuiltinChargers)
        .where(eq(ocppBuiltinChargers.productId, c.id));
      let queue: Queued[] = [...(mem?.queue ?? []), { action, payload }];
      while (queue.length > QUEUE_MAX) {
        const i = queue.findIndex((q) => q.action === 'MeterValues');
        queue = i >= 0 ? queue.filter((_, k) => k !== i) : queue.slice(1);
      }
      await remember(c.id, { queue });
    }
    return undefined;
  }

  async function flush(c: Charger): Promise<void> {
    const [mem] = await ctx.db
      .select({ queue: ocppBuiltinChargers.queue })
      .from(ocppBuiltinChargers)
      .where(eq(ocppBuiltinChargers.productId, c.id));
    const queue = mem?.queue ?? [];
    let sent = 0;
    for (const q of queue) {
      if (!c.client || !c.connected) break;
      try {
        await c.client.call(q.action, q.payload);
        sent += 1;
      } catch {
        break;
      }
    }
    if (sent > 0) await remember(c.id, { queue: queue.slice(sent) });
  }

  const statusOf = (d: DeviceRow) =>
    d.state === 'Faulted' ? { status: 'Faulted', errorCode: 'OtherError' } : { status: d.state, errorCode: 'NoError' };
  const socOf = (wh: number) => Math.min(100, Math.round(20 + wh / 600));

  function meterValue(at: Date, registerWh: number, powerW: number, sessionWh: number, context = 'Sample.Periodic') {
    return {
      timestamp: at.toISOString(),
      sampledValue: [
        { value: String(registerWh), context, measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: String(powerW), context, measurand: 'Power.Active.Import', unit: 'W' },
        { value: String(socOf(sessionWh)), context, measurand: 'SoC', unit: 'Percent' },
      ],
    };
  }

  /** One look at the hardware: report what changed, in the order a charger would. */
  async function step(c: Charger): Promise<void> {
    const found = await hardware(c.id);
    if (!found) return;
    const { hw, mem } = found;
    const d = hw.device;
    const wantOnline = hw.stationOnline && !mem.offline;
    if (!wantOnline && (c.client || c.connecting)) await disconnect(c);
    if (wantOnline && !c.client && !c.connecting && !c.retry) void connect(c);
    const at = now();
    const sessionWh = readMeter(d, hw.product, at, speed).quantity;

    // Charging began for a session we have not reported: StartTransaction (the central system answers whether the
    // idTag is good; without an idTag it was a local card, which it refuses).
    if (CHARGED.has(d.state) && d.sessionId && mem.sessionId !== d.sessionId) {
      if (!c.connected) return; // the start needs the central system's transaction id: it waits for the connection
      const idTag = mem.idTag ?? `LOCAL${d.sessionId.slice(0, 12).toUpperCase()}`;
      const meterStart = mem.registerWh;
      const startedAt = d.meterAt && d.meterBase === 0 && d.state === 'Charging' ? d.meterAt : at;
      const answer = (await send(
        c,
        'StartTransaction',
        {
          connectorId: 1,
          idTag,
          meterStart,
          timestamp: startedAt.toISOString(),
        },
        false,
      )) as { transactionId: number; idTagInfo: { status: string } } | undefined;
      if (!answer) return;
      await remember(c.id, { transactionId: answer.transactionId, sessionId: d.sessionId, meterStart, idTag });
      c.remoteStop = false;
      c.lastMeterAt = now().getTime();
      mem.transactionId = answer.transactionId;
      mem.sessionId = d.sessionId;
      mem.meterStart = meterStart;
      if (answer.idTagInfo.status !== 'Accepted' && IN_TRANSACTION.has(d.state)) {
        // StopTransactionOnInvalidId: the charger ends a transaction the central system refused.
        c.remoteStop = false;
        await stopCharging({ ctx, input: { productId: c.id } }).catch(() => {});
        return step(c);
      }
    }

    if (c.connected && c.reported !== d.state) {
      await send(c, 'StatusNotification', { connectorId: 1, ...statusOf(d), timestamp: at.toISOString() }, false);
      c.reported = d.state;
    }

    if (mem.transactionId !== null) {
      const sameSession = mem.sessionId === d.sessionId;
      if (sameSession && IN_TRANSACTION.has(d.state)) {
        const interval = Number(c.config.get('MeterValueSampleInterval') ?? ctx.env.ocpp.meterIntervalSeconds) * 1000;
        if (d.state === 'Charging' && now().getTime() - c.lastMeterAt >= interval) {
          c.lastMeterAt = now().getTime();
          await send(
            c,
            'MeterValues',
            {
              connectorId: 1,
              transactionId: mem.transactionId,
              meterValue: [meterValue(at, mem.registerWh + sessionWh, d.rate, sessionWh)],
            },
            true,
          );
        }
        return;
      }
      // The transaction is over: its final reading (the session's frozen total) and why.
      const [session] = mem.sessionId
        ? await ctx.db.select().from(forecourtSessions).where(eq(forecourtSessions.id, mem.sessionId))
        : [];
      const energy = session?.quantity ?? (sameSession ? sessionWh : 0);
      const endedAt = session?.endedAt ?? at;
      const reason = c.remoteStop
        ? 'Remote'
        : d.state === 'Faulted'
          ? 'Other'
          : d.state === 'Available' && sameSession
            ? 'EVDisconnected'
            : mem.idTag?.startsWith('LOCAL') || !mem.idTag
              ? 'DeAuthorized'
              : 'Local';
      const meterStop = mem.registerWh + energy;
      await send(
        c,
        'StopTransaction',
        {
          transactionId: mem.transactionId,
          meterStop,
          timestamp: endedAt.toISOString(),
          reason,
          ...(mem.idTag ? { idTag: mem.idTag } : {}),
          transactionData: [
            meterValue(session?.startedAt ?? endedAt, mem.meterStart ?? mem.registerWh, 0, 0, 'Transaction.Begin'),
            meterValue(endedAt, meterStop, 0, energy, 'Transaction.End'),
          ],
        },
        true,
      );
      await remember(c.id, { transactionId: null, meterStart: null, registerWh: meterStop, idTag: null });
      c.remoteStop = false;
      return;
    }
    // ConnectionTimeOut: authorized but no cable within the timeout (or the order was cancelled meanwhile): the
    // authorization lapses, as on a real charger.
    const timeoutS = Number(c.config.get('ConnectionTimeOut') ?? 120);
    if (
      d.state === 'Preparing' &&
      d.authorized &&
      !d.plugged &&
      at.getTime() - d.stateChangedAt.getTime() >= (timeoutS * 1000) / speed
    ) {
      await cancelCharging({ ctx, input: { productId: c.id } }).catch(() => {});
      await remember(c.id, { idTag: null });
      return;
    }
    // Back at rest without a transaction: a remote start that was never used is forgotten.
    if (mem.idTag && !d.authorized && (d.state === 'Available' || d.state === 'Faulted' || d.state === 'Unavailable')) {
      await remember(c.id, { idTag: null });
    }
  }

  function enqueue(c: Charger, what: () => Promise<void>): Promise<void> {
    c.chain = c.chain.then(what).catch((err) => {
      // A call cut short by its connection closing (refused while an outside charge point stands in, a restart):
      // the reconnect goes on; nothing is wrong.
      if (err instanceof Error && err.name === 'AbortError') ctx.log.info(`charge point ${c.id}: ${err.message}`);
      else ctx.log.error(`charge point ${c.id}`, err);
    });
    return c.chain;
  }
  const syncOne = (c: Charger) => enqueue(c, () => step(c));

  function handlers(c: Charger, client: RPCClient) {
    client.handle('RemoteStartTransaction', async ({ params }) => {
      const p = params as { connectorId?: number; idTag: string };
      if ((p.connectorId ?? 1) !== 1) return { status: 'Rejected' };
      const found = await hardware(c.id);
      const d = found?.hw.device;
      if (!d || d.authorized || (d.state !== 'Available' && d.state !== 'Preparing')) return { status: 'Rejected' };
      try {
        await remember(c.id, { idTag: p.idTag });
        await authorizeConnector({ ctx, input: { productId: c.id } });
      } catch {
        await remember(c.id, { idTag: null });
        return { status: 'Rejected' };
      }
      setImmediate(() => void syncOne(c));
      return { status: 'Accepted' };
    });
    client.handle('RemoteStopTransaction', async ({ params }) => {
      const p = params as { transactionId: number };
      const found = await hardware(c.id);
      if (!found || found.mem.transactionId !== p.transactionId || !IN_TRANSACTION.has(found.hw.device.state)) {
        return { status: 'Rejected' };
      }
      c.remoteStop = true;
      try {
        await stopCharging({ ctx, input: { productId: c.id } });
      } catch {
        c.remoteStop = false;
        return { status: 'Rejected' };
      }
      setImmediate(() => void syncOne(c));
      return { status: 'Accepted' };
    });
    client.handle('ChangeAvailability', async ({ params }) => {
      const p = params as { connectorId: number; type: 'Inoperative' | 'Operative' };
      const found = await hardware(c.id);
      const state = found?.hw.device.state;
      if (!state) return { status: 'Rejected' };
      if (p.type === 'Inoperative') {
        if (IN_TRANSACTION.has(state) || state === 'Finishing') return { status: 'Scheduled' };
        if (state === 'Unavailable') return { status: 'Accepted' };
        await setConnectorAvailable({ ctx, input: { productId: c.id, available: false } }).catch(() => undefined);
      } else if (state === 'Unavailable') {
        await setConnectorAvailable({ ctx, input: { productId: c.id, available: true } }).catch(() => undefined);
      }
      setImmediate(() => void syncOne(c));
      return { status: 'Accepted' };
    });
    client.handle('Reset', async () => {
      // A reset ends a running charge and boots again.
      setTimeout(() => {
        void enqueue(c, async () => {
          const found = await hardware(c.id);
          if (found && IN_TRANSACTION.has(found.hw.device.state))
            await stopCharging({ ctx, input: { productId: c.id } }).catch(() => {});
          await step(c);
          await disconnect(c);
          void connect(c);
        });
      }, 100).unref();
      return { status: 'Accepted' };
    });
    client.handle('TriggerMessage', async ({ params }) => {
      const p = params as { requestedMessage: string };
      if (!['BootNotification', 'Heartbeat', 'StatusNotification', 'MeterValues'].includes(p.requestedMessage)) {
        return { status: 'NotImplemented' };
      }
      setImmediate(() => {
        void enqueue(c, async () => {
          if (p.requestedMessage === 'BootNotification') await boot(c);
          else if (p.requestedMessage === 'Heartbeat') await send(c, 'Heartbeat', {}, false);
          else if (p.requestedMessage === 'StatusNotification') {
            c.reported = null;
            await step(c);
          } else {
            c.lastMeterAt = 0;
            await step(c);
          }
        });
      });
      return { status: 'Accepted' };
    });
    client.handle('GetConfiguration', async ({ params }) => {
      const p = params as { key?: string[] };
      const keys = p.key && p.key.length > 0 ? p.key : [...c.config.keys()];
      return {
        configurationKey: keys
          .filter((k) => c.config.has(k))
          .map((k) => ({ key: k, readonly: k === 'NumberOfConnectors', value: c.config.get(k) })),
        unknownKey: keys.filter((k) => !c.config.has(k)),
      };
    });
    client.handle('ChangeConfiguration', async ({ params }) => {
      const p = params as { key: string; value: string };
      if (!c.config.has(p.key)) return { status: 'NotSupported' };
      if (p.key === 'NumberOfConnectors') return { status: 'Rejected' };
      c.config.set(p.key, p.value);
      if (p.key === 'HeartbeatInterval') startHeartbeat(c, Number(p.value));
      return { status: 'Accepted' };
    });
    client.handle(({ method }) => {
      throw Object.assign(new Error(`${method} is not implemented`), { rpcErrorCode: 'NotImplemented' });
    });
  }

  function startHeartbeat(c: Charger, seconds: number) {
    if (c.heartbeat) clearInterval(c.heartbeat);
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    c.heartbeat = setInterval(() => {
      if (c.connected) void c.client?.call('Heartbeat', {}).catch(() => {});
    }, seconds * 1000);
    c.heartbeat.unref();
  }

  async function boot(c: Charger) {
    const answer = (await send(
      c,
      'BootNotification',
      {
        chargePointVendor: 'Forecourt Pay',
        chargePointModel: 'Simulated charger',
        chargePointSerialNumber: c.id.slice(-20),
        firmwareVersion: '1.6.0-sim',
      },
      false,
    )) as { interval: number } | undefined;
    if (answer) {
      c.config.set('HeartbeatInterval', String(answer.interval));
      startHeartbeat(c, answer.interval);
    }
  }

  async function connect(c: Charger): Promise<void> {
    if (stopping || c.connecting || c.client) return;
    c.connecting = true;
    const password = newChargerPassword();
    const client = new RPCClient({
      endpoint: opts.url,
      identity: c.id,
      password,
      protocols: [PROTOCOL],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 30_000,
      // ocpp-rpc's typings ask for every option; these are its defaults.
    } as unknown as ConstructorParameters<typeof RPCClient>[0]);
    handlers(c, client);
    try {
      // A fresh key for every connection of ours (only its hash is stored); a port an operator gave a real charger's
      // key is not taken over (registerChargePoint leaves it), and then this connection is refused.
      await registerChargePoint({ ctx, input: { id: c.id, productIds: [c.id], builtin: true, password } });
      await client.connect();
    } catch {
      c.connecting = false;
      scheduleReconnect(c);
      return;
    }
    c.client = client;
    c.connecting = false;
    client.on('close', ({ code }: { code?: number }) => {
      if (c.client !== client) return;
      // An outside charge point stands in for this one (DEMO_MODE): step aside, and look again now and then.
      if (code === 4000 || code === 4001) c.attempt = RECONNECT_MS.length;
      c.client = null;
      c.connected = false;
      if (c.heartbeat) clearInterval(c.heartbeat);
      scheduleReconnect(c);
    });
    c.connected = true;
    c.attempt = 0;
    c.reported = null;
    await enqueue(c, async () => {
      await boot(c);
      await flush(c);
      await step(c);
    });
  }

  function scheduleReconnect(c: Charger) {
    if (stopping || c.retry) return;
    const wait = RECONNECT_MS[Math.min(c.attempt, RECONNECT_MS.length - 1)] ?? 10_000;
    c.attempt += 1;
    c.retry = setTimeout(() => {
      c.retry = undefined;
      void syncOne(c);
    }, wait);
    c.retry.unref();
  }

  async function disconnect(c: Charger) {
    const client = c.client;
    c.client = null;
    c.connected = false;
    if (c.heartbeat) clearInterval(c.heartbeat);
    if (client) await client.close({ code: 1000, reason: 'Offline' }).catch(() => {});
  }

  return {
    async start() {
      const ids = await portsInScope(ctx, opts.scope ?? 'demo', opts.productIds);
      const rows = ids.length
        ? await ctx.db
            .select({ productId: forecourtDevices.productId, stationId: forecourtDevices.stationId })
            .from(forecourtDevices)
            .where(inArray(forecourtDevices.productId, ids))
        : [];
      for (const { productId, stationId } of rows) {
        chargers.set(productId, {
          id: productId,
          client: null,
          connecting: false,
          connected: false,
          attempt: 0,
          retry: undefined,
          heartbeat: undefined,
          reported: null,
          lastMeterAt: 0,
          remoteStop: false,
          chain: Promise.resolve(),
          config: new Map([
            ['HeartbeatInterval', String(ctx.env.ocpp.heartbeatSeconds)],
            ['MeterValueSampleInterval', String(ctx.env.ocpp.meterIntervalSeconds)],
            ['MeterValuesSampledData', 'Energy.Active.Import.Register,Power.Active.Import,SoC'],
            ['NumberOfConnectors', '1'],
            ['ConnectionTimeOut', '120'],
            ['StopTransactionOnInvalidId', 'true'],
          ]),
        });
        const set = byStation.get(stationId) ?? new Set();
        set.add(productId);
        byStation.set(stationId, set);
        await ensureMemory(productId);
      }
      // A station's devices changed (a plug, a fault, its connection): its chargers look at once.
      unwatch = await ctx.events
        .watchAll((key) => {
          if (key === null) {
            for (const c of chargers.values()) void syncOne(c);
          } else if (key.startsWith('s:')) {
            for (const id of byStation.get(key.slice(2)) ?? []) {
              const c = chargers.get(id);
              if (c) void syncOne(c);
            }
          }
        })
        .catch(() => undefined);
      for (const c of chargers.values()) void syncOne(c);
      timer = setInterval(() => {
        for (const c of chargers.values()) void syncOne(c);
      }, opts.tickMs ?? Math.max(500, ctx.env.forecourt.tickMs));
      timer.unref();
    },
    async sync() {
      await Promise.all([...chargers.values()].map((c) => syncOne(c)));
    },
    status: () => [...chargers.values()].map((c) => ({ id: c.id, connected: c.connected })),
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      unwatch?.();
      for (const c of chargers.values()) if (c.retry) clearTimeout(c.retry);
      await Promise.all([...chargers.values()].map((c) => c.chain));
      await Promise.all([...chargers.values()].map((c) => disconnect(c)));
    },
  };
}

/** Where the built-in charge points connect: OCPP_URL, else this server over loopback. */
export function builtinChargersUrl(env: AppContext['env']): string {
  if (env.ocpp.url) return env.ocpp.url.replace(/\/+$/, '');
  const wildcard = ['0.0.0.0', '::', '', 'localhost'].includes(env.host);
  const host = wildcard ? '127.0.0.1' : env.host.includes(':') ? `[${env.host}]` : env.host;
  return `ws://${host}:${env.port}/ocpp`;
}
