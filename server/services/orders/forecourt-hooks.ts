// The orders' side of the forecourt's hooks (services/forecourt/order-hooks.ts): the forecourt tells, the orders act.
import { eq } from 'drizzle-orm';
import { isTerminal } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import type { OrderHooks } from '../forecourt';
import { expireCommands } from '../ocpp';
import { advanceOrders } from './advance-orders';
import { completeDispensing } from './complete-dispensing';
import { failUnsentStarts, watchCharges } from './ev-charging';
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
      // EV over OCPP: remote starts no charger could be sent fail their orders; running charges meet their limits and
      // the meter watchdog.
      const expired = await expireCommands({ ctx, input: { now } });
      await failUnsentStarts({
        ctx,
        input: {
          orderIds: expired
            .filter((c) => c.action === 'RemoteStartTransaction' && c.orderId)
            .map((c) => c.orderId as string),
        },
      });
      await watchCharges({ ctx, input: { now } });
    },
  };
}
