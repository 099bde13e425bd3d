// OCPP tests' counterparts: the real app listening on a loopback port with the central system on its upgrades (as
// server/index.ts runs it), and a charge point built on @voltbras/ts-ocpp — an OCPP-J implementation of its own (its
// own framing, and the official OCPP 1.6 JSON schemas with the jsonschema validator on every request it sends and
// receives), nothing of ours and not the server's ocpp-rpc. The test plays the charger's hardware through it.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { type BuiltinChargers, createBuiltinChargers } from '../../server/forecourt/charge-points';
import { type CentralSystem, createCentralSystem } from '../../server/ocpp/central-system';
import type { SeedProduct } from '../../server/seed/stations';
import type { TestServer } from './helpers';
import { charger } from './stations-fixtures';

export { type Received, TestChargePoint } from '../support/ts-ocpp-charge-point';

export type Listening = { port: number; ocppUrl: string; cs: CentralSystem; close(): Promise<void> };

/** The app on 127.0.0.1:<free port>, charge points welcome at /ocpp/{id}. */
export async function listen(s: TestServer): Promise<Listening> {
  const app = createApp(s.ctx);
  const cs = createCentralSystem(s.ctx);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const srv = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(srv));
  });
  cs.attach(server as unknown as import('node:http').Server);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    ocppUrl: `ws://127.0.0.1:${port}/ocpp`,
    cs,
    async close() {
      await cs.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` holds (real time: the WebSocket round trips), at most `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The built-in charge points of a station's ports, connected to `net` and reporting Available (the app sells a port
 * only when its charge point says so); stop them at the end.
 */
export async function connectBuiltinChargers(
  s: TestServer,
  net: Listening,
  station: { id: string; products: Array<{ id: string }> },
): Promise<BuiltinChargers> {
  const fleet = createBuiltinChargers(s.ctx, { url: net.ocppUrl, productIds: station.products.map((p) => p.id) });
  await fleet.start();
  await eventually(async () => {
    await fleet.sync();
    const poi = await s.request(`/api/v4/pois/${station.id}`);
    return poi.body.products.every((p: { attributes: { status: string } }) => p.attributes.status === 'AVAILABLE');
  });
  return fleet;
}

/** An EV order's body: the port, started as soon as it is paid. */
export const evBody = (poiId: string, productId: string) => ({ poiId, autoAcquire: true, products: [{ productId }] });

/** A 50 kW port at 0.59/kWh with a 0.99 session fee. */
export function feePort(name: string): SeedProduct {
  const p = charger(name, 50, 59);
  const item = p.items[0]!;
  item.priceElements = [
    { priceComponents: [{ type: 'ENERGY', price: 59, precision: 2, unit: 'KWH' }] },
    { priceComponents: [{ type: 'FLAT', price: 99, precision: 2, unit: 'COUNT' }] },
  ];
  return p;
}
