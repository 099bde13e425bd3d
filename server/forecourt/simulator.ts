// The forecourt simulator's tick loop: the simulated driver's next steps and ambient traffic. It changes state ONLY
// through the verb services in services/forecourt (the same ones the console and the orders call). Meters advance
// from timestamps, so a tick only decides the next step; a restart continues where the database says.
import { randomInt } from 'node:crypto';
import type { AppContext, Clock } from '../context';
import { isDomainError } from '../errors';
import { DEMO_STATIONS } from '../seed/stations';
import { purgeExpiredExports, resumeDataExports } from '../services/data-export';
import {
  type ActiveDevice,
  capReachedAt,
  finishWash,
  hangUp,
  liftNozzle,
  listActiveDevices,
  pickIdleDevice,
  plugConnector,
  readMeter,
  settlePump,
  startCharging,
  startFlow,
  stopCharging,
  suspendCharging,
  unplugConnector,
} from '../services/forecourt';
import { purgeAbandonedUploads } from '../services/history';
import { purgeIdempotencyKeys } from '../services/idempotency';
import { sweepDeadConnections } from '../services/ocpp';

/** Simulated seconds between steps (divided by FORECOURT_SPEED in real time). */
const STEP_S = {
  /** A released pump: the driver lifts the nozzle. */
  lift: 3,
  /** A lifted nozzle: the trigger is pulled. */
  trigger: 1.5,
  /** The flow stopped (prepaid maximum or the driver's own fill): the nozzle goes back. */
  hangUp: 2,
  /** HUNG_UP -> IDLE. */
  settle: 3,
  /** An authorized charging session: the driver plugs in. */
  plug: 3,
  /** Plugged and authorized: charging starts. */
  startCharging: 2,
  /** Ambient charge done: the session stops; then the cable comes out. */
  stopCharging: 2,
  unplug: 3,
  /** A wash programme. */
  wash: 240,
  /** Ambient traffic: one new customer per this many seconds at most. */
  ambient: 20,
} as const;

const PURGE_EVERY_MS = 60_000;
/** How often the leader looks for charge point connections held by a process that died. */
const SWEEP_EVERY_MS = 10_000;

/** Stations ambient traffic leaves alone: the main demo flows stay predictable. */
const AMBIENT_EXCLUDED = [DEMO_STATIONS.prepay.id, DEMO_STATIONS.postpay.id, DEMO_STATIONS.ev.id];

export type Simulator = {
  /** One step of the world at clock.now(). Safe to call concurrently (overlapping calls are skipped). */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

export function createSimulator(ctx: AppContext, opts: { clock?: Clock; ambient?: boolean } = {}): Simulator {
  const clock = opts.clock ?? ctx.clock;
  const speed = ctx.env.forecourt.speed;
  const ambient = opts.ambient ?? ctx.env.forecourt.ambient;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastAmbient = clock.now().getTime();
  let lastPurge = 0;
  let lastSweep = 0;

  const after = (since: Date | null, seconds: number, now: Date) =>
    since !== null && now.getTime() >= since.getTime() + (seconds * 1000) / speed;

  async function step(a: ActiveDevice, now: Date): Promise<void> {
    const { device: d, product } = a;
    const id = { productId: d.productId };
    const auto = d.driver === 'auto';
    switch (d.state) {
      case 'RELEASED':
        if (auto && after(d.stateChangedAt, STEP_S.lift, now)) {
          // To the prepaid maximum when there is one, otherwise a random fill of 20-60 l.
          await liftNozzle({
            ctx,
            input: { ...id, ...(d.maxAmount === null ? { target: randomInt(20_000, 60_001) } : {}) },
          });
        }
        return;
      case 'NOZZLE_LIFTED':
        if (after(d.stateChangedAt, STEP_S.trigger, now)) await startFlow({ ctx, input: id });
        return;
      case 'DISPENSING': {
        const capAt = capReachedAt(d, speed, readMeter(d, product, now, speed).cap);
        if (auto && capAt && after(capAt, STEP_S.hangUp, now)) await hangUp({ ctx, input: id });
        return;
      }
      case 'HUNG_UP':
        if (after(d.stateChangedAt, STEP_S.settle, now)) await settlePump({ ctx, input: id });
        return;
      case 'Preparing':
        if (d.plugged && d.authorized && after(d.stateChangedAt, STEP_S.startCharging, now)) {
          await startCharging({ ctx, input: id });
        } else if (auto && d.authorized && !d.plugged && after(d.stateChangedAt, STEP_S.plug, now)) {
          await plugConnector({ ctx, input: id });
        }
        return;
      case 'Charging': {
        const capAt = capReachedAt(d, speed, readMeter(d, product, now, speed).cap);
        if (capAt && now >= capAt) await suspendCharging({ ctx, input: id });
        return;
      }
      case 'SuspendedEV':
        // The battery is full: the simulated driver ends the session at the charger (OCPP: StopTransaction, Local).
        if (auto && d.orderId === null && after(d.stateChangedAt, STEP_S.stopCharging, now))
          await stopCharging({ ctx, input: id });
        return;
      case 'Finishing':
        if (auto && d.plugged && after(d.stateChangedAt, STEP_S.unplug, now)) await unplugConnector({ ctx, input: id });
        return;
      case 'WASHING':
        if (after(d.stateChangedAt, STEP_S.wash, now)) await finishWash({ ctx, input: id });
        return;
    }
  }

  async function ambientTraffic(now: Date): Promise<void> {
    if (now.getTime() < lastAmbient + (STEP_S.ambient * 1000) / speed) return;
    lastAmbient = now.getTime();
    if (Math.random() < 0.3) return;
    // Pumps only: the chargers are OCPP charge points, where a passer-by without the app would be refused.
    const pump = await pickIdleDevice({ ctx, input: { kind: 'PUMP', excludeStationIds: AMBIENT_EXCLUDED } });
    if (pump) await liftNozzle({ ctx, input: { ...pump, driver: 'auto', target: randomInt(15_000, 60_001) } });
  }

  async function run(): Promise<void> {
    const now = clock.now();
    // Only the elected node ticks (server/index.ts): /metrics shows where the simulator and the watchdog run.
    ctx.metrics.simulatorTicks.inc();
    for (const a of await listActiveDevices({ ctx })) {
      try {
        await step(a, now);
      } catch (err) {
        // A console action or an order may have moved the device meanwhile (409); the next tick looks again.
        if (!isDomainError(err, 'conflict') && !isDomainError(err, 'not_found')) throw err;
      }
    }
    // Orders follow their pumps (reconciliation, also after a crash; invoice steps; the watchdog), through the hooks
    // the orders area put on the context: the forecourt does not import the orders.
    await ctx.orderHooks.tick({ now });
    if (now.getTime() >= lastSweep + SWEEP_EVERY_MS || now.getTime() < lastSweep) {
      lastSweep = now.getTime();
      await sweepDeadConnections({ ctx });
    }
    if (now.getTime() >= lastPurge + PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      await purgeIdempotencyKeys({ ctx, input: { now } });
      await purgeAbandonedUploads({ ctx });
      await purgeExpiredExports({ ctx });
      await resumeDataExports({ ctx });
    }
    if (ambient) {
      try {
        await ambientTraffic(now);
      } catch (err) {
        if (!isDomainError(err, 'conflict')) throw err;
      }
    }
  }

  const tick = async () => {
    if (running) return running;
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        tick().catch((err) => ctx.log.error('forecourt simulator tick failed', err));
      }, ctx.env.forecourt.tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
