import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/**
 * Releases a pump for one fill after payment (prepay): IDLE -> RELEASED. maxAmount (currency minor units) stops the
 * flow; with FORECOURT_AUTO_DRIVER the simulated driver lifts the nozzle ~3 s later.
 */
export async function releasePump(
  ctx: AppContext,
  input: { productId: string; itemCode?: string; maxAmount?: number; orderId?: string },
  tx?: Tx,
): Promise<DeviceView> {
  const r = await changeDevice(
    ctx,
    {
      productId: input.productId,
      event: 'release',
      kind: 'PUMP',
      requireOnline: true,
      driver: ctx.env.forecourt.autoDriver ? 'auto' : 'manual',
      patch: (_d, product) => ({
        itemCode: product.items.some((i) => i.itemCode === input.itemCode) ? (input.itemCode ?? null) : null,
        maxAmount: input.maxAmount ?? null,
        orderId: input.orderId ?? null,
      }),
    },
    tx,
  );
  return toDeviceView(ctx, r);
}
