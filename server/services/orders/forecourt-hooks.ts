// The orders' side of the forecourt's hooks (services/forecourt/order-hooks.ts): the forecourt tells, the orders act.
import { eq } from 'drizzle-orm';
import { isTerminal } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import type { OrderHooks } from '../forecourt';
import { advanceOrders } from './advance-orders';
import { completeDispensing } from './complete-dispensing';
import { runWatchdog } from './watchdog';

export function forecourtHooks({ ctx }: { ctx: AppContext }): OrderHooks {
  return {
    async fuelRefusal({ tx, orderId }) {
      const [order] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
      return order && isTerminal(order.state) ? `The order of this release is ${order.state}` : undefined;
    },
    async sessionEnded({ orderId }) {
      await completeDispensing({ ctx, input: { orderId } });
    },
    async tick({ now }) {
      // Reconciliation (also after a crash) and the invoice steps, then the watchdog.
      await advanceOrders({ ctx, input: { now } });
      await runWatchdog({ ctx, input: { now } });
    },
  };
}
