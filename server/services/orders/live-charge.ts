// The live meter of an EV order (energy, power, charging time) for its JSON, read from its connector. Apart from
// ev-charging.ts so that load-order.ts can use it without a cycle.
import { eq } from 'drizzle-orm';
import type { OrderCharge } from '../../../contract/ev';
import type { AppContext } from '../../context';
import { forecourtDevices, type OrderRow, stationProducts } from '../../db/schema';
import { readMeter } from '../forecourt';

/** An EV order is one whose item is sold per kWh. */
export const isChargeOrder = (row: Pick<OrderRow, 'unit'>) => row.unit === 'KWH';

/** The live meter of an EV order that is pending or charging (for the order JSON), or its stored charge. */
export async function liveCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }) {
  const { row } = input;
  if (!isChargeOrder(row) || (row.state !== 'PRODUCT_PENDING' && row.state !== 'PRODUCT_SUPPLYING')) {
    return row.charge ?? null;
  }
  const [found] = await ctx.db
    .select({ device: forecourtDevices, product: stationProducts })
    .from(forecourtDevices)
    .innerJoin(stationProducts, eq(stationProducts.id, forecourtDevices.productId))
    .where(eq(forecourtDevices.productId, row.productId));
  if (!found || found.device.orderId !== row.id) return row.charge ?? null;
  const { device, product } = found;
  const now = ctx.clock.now();
  const speed = ctx.env.forecourt.speed;
  const meter = readMeter(device, product, now, speed);
  const startedAt = row.charge?.chargingStartedAt ?? null;
  const durationS = startedAt ? Math.max(0, Math.floor(((now.getTime() - Date.parse(startedAt)) / 1000) * speed)) : 0;
  const charge: OrderCharge = {
    connectorState: device.state,
    plugged: device.plugged,
    energyWh: meter.quantity,
    powerW: device.state === 'Charging' ? device.rate : 0,
    durationS,
    chargingStartedAt: startedAt,
  };
  return charge;
}
