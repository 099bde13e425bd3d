// The OCPP 1.6J central system: charge points connect with a WebSocket at /ocpp/{chargePointId} (subprotocol ocpp1.6,
// HTTP Basic auth with the charge point's key: security profile 1, over TLS in production, profile 2 behind a TLS
// proxy), through ocpp-rpc in strict mode (every call and answer, both ways, validated against the official 1.6 JSON
// schemas). This is transport only: what a message means is services/ocpp (records) and services/orders (EV orders).
//
// Several processes (WORKERS on PostgreSQL): an upgrade lands on any worker, which then holds that charge point's
// socket and writes itself into the charge point's row. A command decided anywhere (an API worker authorizing an
// order, the leader's watchdog) is a row in ocpp_commands plus NOTIFY "c:<id>" (the change channel every process
// LISTENs to, services/events): the holder claims and sends it. A newer connection of the same id, on any process,
// replaces an older one (the older holder hears "c:<id>" and closes its socket), except that a built-in simulated
// charge point never replaces an outside one.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRPCError, RPCServer } from 'ocpp-rpc';
import { newId } from '../auth/crypto';
import type { AppContext } from '../context';
import {
  checkChargePoint,
  claimCommands,
  finishCommand,
  isCurrentConnection,
  productOfConnector,
  recordBoot,
  recordConnected,
  recordDisconnected,
  recordStatus,
  touchChargePoint,
} from '../services/ocpp';
import {
  authorizeIdTag,
  chargerRefusedStart,
  chargerStatusChanged,
  type MeterSample,
  recordChargeMeter,
  startChargeTransaction,
  stopChargeTransaction,
} from '../services/orders';

/** The path prefix charge points connect to: /ocpp/{chargePointId}. */
export const OCPP_PATH = '/ocpp';
export const OCPP_PROTOCOL = 'ocpp1.6';
/** Charge point identities we accept (CiString, in a URL path segment). */
const IDENTITY = /^[A-Za-z0-9._:-]{1,64}$/;
/** WebSocket close codes of ours (4000-4999 are the application's). */
export const CLOSE_REPLACED = 4000;
export const CLOSE_STANDS_IN = 4001;
/** How often a process looks at its charge points' commands and connections without being told (lost NOTIFYs). */
const SWEEP_MS = 5_000;
const TOUCH_EVERY_MS = 30_000;

type Client = {
  identity: string;
  session: { builtin?: boolean };
  handshake: { remoteAddress?: string };
  handle(
    method: string | ((call: { method: string; params: unknown }) => unknown),
    handler?: (call: { params: never }) => unknown,
  ): void;
  call(method: string, params?: unknown, options?: Record<string, unknown>): Promise<unknown>;
  close(options?: { code?: number; reason?: string; awaitPending?: boolean; force?: boolean }): Promise<unknown>;
  on(event: 'close', fn: () => void): void;
};

type Held = {
  client: Client;
  connectionId: string;
  builtin: boolean;
  draining: Promise<void> | null;
  again: boolean;
  touchedAt: number;
};

export type CentralSystem = {
  /** Handles the HTTP upgrade of /ocpp/… (anything else is refused): for the HTTP server's 'upgrade' event. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Takes the upgrades of this HTTP server. */
  attach(server: Pick<Server, 'on'>): void;
  /** Charge point ids whose socket this process holds. */
  held(): string[];
  /** Looks at a charge point's pending commands now (tests; normally NOTIFY or the sweep does). */
  drain(chargePointId: string): Promise<void>;
  close(): Promise<void>;
};

type SampledValue = { value: string; measurand?: string; unit?: string; phase?: string; context?: string };

/** The meter values we use, in Wh, W and %: Energy.Active.Import.Register, Power.Active.Import, SoC. */
export function readSamples(meterValue: Array<{ timestamp: string; sampledValue: SampledValue[] }>): MeterSample[] {
  return meterValue.map((mv) => {
    const sample: MeterSample = { at: new Date(mv.timestamp) };
    for (const v of mv.sampledValue) {
      const n = Number(v.value);
      if (!Number.isFinite(n) || v.phase) continue;
      const measurand = v.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register') sample.energyWh = v.unit === 'kWh' ? n * 1000 : n;
      else if (measurand === 'Power.Active.Import') sample.powerW = v.unit === 'kW' ? n * 1000 : n;
      else if (measurand === 'SoC') sample.socPercent = n;
    }
    return sample;
  });
}

export function createCentralSystem(ctx: AppContext): CentralSystem {
  const rpc = new RPCServer({
    protocols: [OCPP_PROTOCOL],
    strictMode: true,
    callTimeoutMs: 30_000,
    pingIntervalMs: 30_000,
    respondWithDetailedErrors: false,
  });
  const held = new Map<string, Held>();
  let closed = false;
  const log = ctx.log;

  rpc.on('error', (err: Error) => log.error('ocpp: websocket server error', err));

  rpc.auth(async (accept, reject, handshake) => {
    try {
      if (handshake.endpoint !== OCPP_PATH) return reject(404, 'Not found');
      if (!IDENTITY.test(handshake.identity)) return reject(400, 'Bad charge point id');
      if (!handshake.protocols.has(OCPP_PROTOCOL)) return reject(400, 'Subprotocol ocpp1.6 required');
      const credentials = await checkChargePoint({
        ctx,
        input: { id: handshake.identity, password: handshake.password?.toString('utf8') },
      });
      if (!credentials) return reject(401, 'Unauthorized');
      accept({ builtin: credentials.builtin }, OCPP_PROTOCOL);
    } catch (err) {
      log.error(`ocpp: auth of ${handshake.identity} failed`, err);
      reject(503, 'Try again later');
    }
  });

  const now = () => ctx.clock.now();
  const scaleOf = (h: Held) => (h.builtin ? Math.max(1, Math.round(ctx.env.forecourt.speed)) : 1);

  function handlers(client: Client, h: Held) {
    const id = client.identity;
    const seen = () => {
      if (Date.now() - h.touchedAt < TOUCH_EVERY_MS) return;
      h.touchedAt = Date.now();
      void touchChargePoint({ ctx, input: { id } }).catch(() => {});
    };
    client.handle('BootNotification', async ({ params }: { params: never }) => {
      const p = params as {
        chargePointVendor: string;
        chargePointModel: string;
        chargePointSerialNumber?: string;
        firmwareVersion?: string;
      };
      await recordBoot({
        ctx,
        input: {
          id,
          vendor: p.chargePointVendor,
          model: p.chargePointModel,
          ...(p.chargePointSerialNumber ? { serialNumber: p.chargePointSerialNumber } : {}),
          ...(p.firmwareVersion ? { firmwareVersion: p.firmwareVersion } : {}),
        },
      });
      // Once accepted: how often we want meter values, then whatever commands wait for it.
      setImmediate(() => void configure(client, h));
      return { status: 'Accepted', currentTime: now().toISOString(), interval: ctx.env.ocpp.heartbeatSeconds };
    });
    client.handle('Heartbeat', async () => {
      h.touchedAt = Date.now();
      await touchChargePoint({ ctx, input: { id } });
      return { currentTime: now().toISOString() };
    });
    client.handle('StatusNotification', async ({ params }: { params: never }) => {
      seen();
      const p = params as { connectorId: number; status: string; errorCode: string; info?: string };
      const port = await recordStatus({
        ctx,
        input: {
          id,
          connectorId: p.connectorId,
          status: p.status,
          errorCode: p.errorCode,
          ...(p.info ? { info: p.info } : {}),
        },
      });
      if (port) await chargerStatusChanged({ ctx, input: { productId: port.productId, status: p.status } });
      return {};
    });
    client.handle('Authorize', async ({ params }: { params: never }) => {
      seen();
      const p = params as { idTag: string };
      return { idTagInfo: { status: await authorizeIdTag({ ctx, input: { idTag: p.idTag } }) } };
    });
    client.handle('StartTransaction', async ({ params }: { params: never }) => {
      seen();
      const p = params as { connectorId: number; idTag: string; meterStart: number; timestamp: string };
      const productId = await productOfConnector({ ctx, input: { id, connectorId: p.connectorId } });
      const r = await startChargeTransaction({
        ctx,
        input: {
          chargePointId: id,
          connectorId: p.connectorId,
          productId,
          idTag: p.idTag,
          meterStart: p.meterStart,
          timestamp: new Date(p.timestamp),
          timeScale: scaleOf(h),
        },
      });
      if (r.status !== 'Accepted')
        log.info(`ocpp: ${id} started transaction ${r.transactionId} with an unknown idTag: refused`);
      return { transactionId: r.transactionId, idTagInfo: { status: r.status } };
    });
    client.handle('MeterValues', async ({ params }: { params: never }) => {
      seen();
      const p = params as {
        connectorId: number;
        transactionId?: number;
        meterValue: Array<{ timestamp: string; sampledValue: SampledValue[] }>;
      };
      if (p.transactionId !== undefined) {
        await recordChargeMeter({
          ctx,
          input: { chargePointId: id, transactionId: p.transactionId, samples: readSamples(p.meterValue) },
        });
      }
      return {};
    });
    client.handle('StopTransaction', async ({ params }: { params: never }) => {
      seen();
      const p = params as {
        transactionId: number;
        meterStop: number;
        timestamp: string;
        idTag?: string;
        reason?: string;
        transactionData?: unknown[];
      };
      await stopChargeTransaction({
        ctx,
        input: {
          chargePointId: id,
          transactionId: p.transactionId,
          meterStop: p.meterStop,
          timestamp: new Date(p.timestamp),
          ...(p.reason ? { reason: p.reason } : {}),
          ...(p.transactionData ? { transactionData: p.transactionData } : {}),
        },
      });
      return p.idTag ? { idTagInfo: { status: 'Accepted' } } : {};
    });
    // No vendor extensions here: refused politely, as the specification words it.
    client.handle('DataTransfer', () => ({ status: 'UnknownVendorId' }));
    client.handle('DiagnosticsStatusNotification', () => ({}));
    client.handle('FirmwareStatusNotification', () => ({}));
    client.handle(({ method }) => {
      throw createRPCError('NotImplemented', `${method} is not supported by this central system`);
    });
  }

  async function configure(client: Client, h: Held) {
    try {
      await client.call('ChangeConfiguration', {
        key: 'MeterValueSampleInterval',
        value: String(ctx.env.ocpp.meterIntervalSeconds),
      });
      await client.call('ChangeConfiguration', {
        key: 'MeterValuesSampledData',
        value: 'Energy.Active.Import.Register,Power.Active.Import,SoC',
      });
    } catch (err) {
      // A charger that refuses or lacks the key keeps its own interval; the watchdog still holds it to the window.
      log.info(`ocpp: ${client.identity} did not take the meter configuration (${(err as Error).message})`);
    }
    await drain(client.identity).catch(() => {});
    void h;
  }

  async function onClient(client: Client) {
    const id = client.identity;
    const builtin = client.session.builtin === true;
    const connectionId = newId();
    const h: Held = { client, connectionId, builtin, draining: null, again: false, touchedAt: Date.now() };
    client.on('close', () => {
      if (held.get(id) === h) held.delete(id);
      if (!closed)
        void recordDisconnected({ ctx, input: { id, connectionId } }).catch((err) =>
          log.error(`ocpp: ${id} disconnect`, err),
        );
    });
    handlers(client, h);
    let accepted = false;
    try {
      accepted = await recordConnected({
        ctx,
        input: { id, connectionId, builtin, remoteAddress: client.handshake.remoteAddress ?? null },
      });
    } catch (err) {
      log.error(`ocpp: recording the connection of ${id} failed`, err);
    }
    if (!accepted) {
      await client.close({ code: CLOSE_STANDS_IN, reason: 'Another charge point stands in for this one' });
      return;
    }
    const before = held.get(id);
    held.set(id, h);
    if (before) void before.client.close({ code: CLOSE_REPLACED, reason: 'Replaced by a newer connection' });
    if (!builtin) log.info(`ocpp: ${id} connected from ${client.handshake.remoteAddress ?? 'somewhere'}`);
    void drain(id);
  }

  rpc.on('client', (client: Client) => {
    void onClient(client).catch((err) => log.error('ocpp: connection failed', err));
  });

  /** Sends this charge point's pending commands (one drain at a time per charge point; a poke meanwhile reruns it). */
  function drain(chargePointId: string): Promise<void> {
    const h = held.get(chargePointId);
    if (!h) return Promise.resolve();
    if (h.draining) {
      h.again = true;
      return h.draining;
    }
    h.draining = (async () => {
      do {
        h.again = false;
        if (!(await isCurrentConnection({ ctx, input: { id: chargePointId, connectionId: h.connectionId } }))) {
          // Only this connection goes: a newer one of the same charge point may hold the id by now (an outside
          // charge point standing in for a built-in one while the built-in's drain ran).
          if (held.get(chargePointId) === h) held.delete(chargePointId);
          await h.client.close({ code: CLOSE_REPLACED, reason: 'Replaced by a newer connection' });
          return;
        }
        for (const command of await claimCommands({ ctx, input: { chargePointId } })) {
          let response: Record<string, unknown> | undefined;
          let error: string | undefined;
          try {
            response = (await h.client.call(command.action, command.payload)) as Record<string, unknown>;
          } catch (err) {
            error = (err as Error).message || 'no answer';
          }
          await finishCommand({
            ctx,
            input: { id: command.id, ...(response ? { response } : {}), ...(error ? { error } : {}) },
          });
          const rejected = error !== undefined || response?.status !== 'Accepted';
          if (command.action === 'RemoteStartTransaction' && command.orderId && rejected) {
            await chargerRefusedStart({
              ctx,
              input: { orderId: command.orderId, why: `The charger answered ${error ?? String(response?.status)}` },
            });
          } else if (rejected) {
            log.info(`ocpp: ${chargePointId} ${command.action}: ${error ?? String(response?.status)}`);
          }
        }
      } while (h.again);
    })()
      .catch((err) => log.error(`ocpp: commands of ${chargePointId}`, err))
      .finally(() => {
        h.draining = null;
      });
    return h.draining;
  }

  // "c:<id>": a command for a charge point, or a connection of it elsewhere. A gap: look at all of ours.
  const watching = ctx.events.watchAll((key) => {
    if (key === null) {
      for (const id of held.keys()) void drain(id);
    } else if (key.startsWith('c:')) {
      const id = key.slice(2);
      if (held.has(id)) void drain(id);
    }
  });
  watching.catch((err) => log.error('ocpp: cannot watch for commands; the sweep sends them', err));
  const sweep = setInterval(() => {
    for (const id of held.keys()) void drain(id);
  }, SWEEP_MS);
  sweep.unref();

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(`${OCPP_PATH}/`)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    rpc.handleUpgrade(request, socket as Socket, head);
  };

  return {
    handleUpgrade,
    attach(server) {
      server.on('upgrade', handleUpgrade);
    },
    held: () => [...held.keys()],
    drain,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      (await watching.catch(() => undefined))?.();
      const mine = [...held.entries()];
      held.clear();
      await Promise.all(
        mine.map(([id, h]) => recordDisconnected({ ctx, input: { id, connectionId: h.connectionId } }).catch(() => {})),
      );
      await rpc.close({ code: 1001, reason: 'Server shutting down' });
    },
  };
}
