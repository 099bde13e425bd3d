// A charge point built on @voltbras/ts-ocpp — an OCPP-J implementation of its own (its own framing, and the official
// OCPP 1.6 JSON schemas with the jsonschema validator on every request it sends and receives), nothing of ours and not
// the server's ocpp-rpc. Server tests (tests/server/ocpp.test.ts) and browser tests (tests/e2e/ocpp.spec.ts) play a
// charger's hardware through it.
import tsOcpp from '@voltbras/ts-ocpp';

// A CommonJS package: its named exports through the default one (Playwright's ESM loader has no named interop here).
const { ChargePoint } = tsOcpp;
type ChargePoint = InstanceType<typeof ChargePoint>;

/** A call the central system made to the charge point. */
export type Received = { action: string; payload: Record<string, unknown> };

type Answer = (req: Received) => Record<string, unknown> | undefined;

/**
 * A charge point on @voltbras/ts-ocpp. Every call from the central system is recorded (`received`, `next(action)`);
 * answers: Accepted for remote start/stop, configuration and availability, unless `answer` says otherwise.
 */
export class TestChargePoint {
  received: Received[] = [];
  private waiters: Array<{ action: string; resolve: (r: Received) => void }> = [];
  private cp: ChargePoint | null = null;
  answer: Answer = () => undefined;

  constructor(
    readonly id: string,
    private readonly password: string,
    private readonly base: string,
  ) {}

  /** Connects (HTTP Basic auth with the id as user, as OCPP security profile 1 has it). */
  async connect(): Promise<void> {
    const url = new URL(this.base);
    url.username = encodeURIComponent(this.id);
    url.password = encodeURIComponent(this.password);
    const cp = new ChargePoint(
      this.id,
      // biome-ignore lint/suspicious/noExplicitAny: ts-ocpp's handler type is a union over every action
      (req: any) => {
        const { action, ocppVersion, ...payload } = req;
        const got = { action, payload };
        this.received.push(got);
        const i = this.waiters.findIndex((w) => w.action === action);
        if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve(got);
        const custom = this.answer(got);
        const base = { action, ocppVersion };
        if (custom) return { ...base, ...custom };
        switch (action) {
          case 'GetConfiguration':
            return { ...base, configurationKey: [] };
          case 'TriggerMessage':
            return { ...base, status: 'Accepted' };
          default:
            return { ...base, status: 'Accepted' };
        }
      },
      url.toString().replace(/\/$/, ''),
    );
    const failed = new Promise<never>((_, reject) => {
      // ts-ocpp resolves connect() on 'open' only: a refused upgrade shows as the socket's error.
      setTimeout(() => reject(new Error('connect timed out')), 5_000).unref();
    });
    await Promise.race([cp.connect(), failed]);
    this.cp = cp;
  }

  /** A request to the central system; throws on a CALLERROR or a schema violation (ts-ocpp validates both ways). */
  // biome-ignore lint/suspicious/noExplicitAny: the payload is checked by ts-ocpp against the official schema
  async send<T = any>(action: string, payload: Record<string, unknown>): Promise<T> {
    if (!this.cp) throw new Error('not connected');
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const res = await this.cp.sendRequest({ action: action as any, ocppVersion: 'v1.6-json', payload: payload as any });
    return res.unsafeCoerce() as T;
  }

  /** The next call of this action from the central system (or one already received and not yet taken). */
  next(action: string, timeoutMs = 10_000): Promise<Received> {
    const i = this.received.findIndex((r) => r.action === action && !this.taken.has(r));
    if (i >= 0) {
      const r = this.received[i] as Received;
      this.taken.add(r);
      return Promise.resolve(r);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${action} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        action,
        resolve: (r) => {
          clearTimeout(timer);
          this.taken.add(r);
          resolve(r);
        },
      });
    });
  }
  private taken = new Set<Received>();

  async boot() {
    return this.send<{ status: string; interval: number; currentTime: string }>('BootNotification', {
      chargePointVendor: 'ts-ocpp test',
      chargePointModel: 'CI charger',
    });
  }

  status(status: string, errorCode = 'NoError') {
    return this.send('StatusNotification', { connectorId: 1, status, errorCode });
  }

  meter(transactionId: number, at: Date, energyWh: number, powerW: number, soc?: number) {
    return this.send('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: at.toISOString(),
          sampledValue: [
            { value: String(energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: String(powerW / 1000), measurand: 'Power.Active.Import', unit: 'kW' },
            ...(soc !== undefined ? [{ value: String(soc), measurand: 'SoC', unit: 'Percent' }] : []),
          ],
        },
      ],
    });
  }

  close() {
    this.cp?.close();
    this.cp = null;
  }
}
