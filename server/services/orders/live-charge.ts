// The live meter of an EV order (energy, power, charging time, state of charge) for its JSON: the charger's last meter
// values of the order's OCPP transaction, and its connector's status. Apart from ev-charging.ts so that load-order.ts
// can use it without a cycle.
import { desc, eq } from 'drizzle-orm';
import type { OrderCharge } from '../../../contract/ev';
import type { AppContext } from '../../context';
import { type OrderRow, ocppConnectors, ocppTransactions } from '../../db/schema';

/** An EV order is one whose item is sold per kWh. */
export const isChargeOrder = (row: Pick<OrderRow, 'unit'>) => row.unit === 'KWH';

/** Connector statuses with the cable in the car. */
const PLUGGED = new Set(['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']);

/** The live meter of an EV order that is pending or charging (for the order JSON), or its stored charge. */
export async function liveCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }) {
  const { row } = input;
  if (!isChargeOrder(row) || (row.state !== 'PRODUCT_PENDING' && row.state !== 'PRODUCT_SUPPLYING')) {
    return row.charge ?? null;
  }
  const [connector] = await ctx.db
    .select({ status: ocppConnectors.status })
    .from(ocppConnectors)
    .where(eq(ocppConnectors.productId, row.productId));
  const status = connector?.status ?? 'Unavailable';
  const [t] =
    row.state === 'PRODUCT_SUPPLYING'
      ? await ctx.db
          .select()
          .from(ocppTransactions)
          .where(eq(ocppTransactions.orderId, row.id))
          .orderBy(desc(ocppTransactions.id))
          .limit(1)
      : [];
  if (!t) {
    return {
      connectorState: status,
      plugged: PLUGGED.has(status),
      energyWh: 0,
      powerW: 0,
      durationS: 0,
      chargingStartedAt: null,
    } satisfies OrderCharge;
  }
  const now = ctx.clock.now();
  const durationS = Math.max(0, Math.floor(((now.getTime() - t.startedAt.getTime()) / 1000) * t.timeScale));
  const charge: OrderCharge = {
    connectorState: status,
    plugged: PLUGGED.has(status),
    energyWh: Math.max(0, t.meterLast - t.meterStart),
    powerW: status === 'Charging' ? t.powerW : 0,
    durationS,
    chargingStartedAt: t.startedAt.toISOString(),
    ...(t.socPercent !== null ? { socPercent: t.socPercent } : {}),
  };
  return charge;
}
