import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/**
 * Releases a pump for one fill after payment (prepay): IDLE -> RELEASED. maxAmount (currency minor units) stops the
 * flow; with FORECOURT_AUTO_DRIVER the simulated driver lifts the nozzle ~3 s later. With `tx`, inside the caller's
 * transaction (authorize holds the money and releases the pump in one).
 */
export async function releasePump({
  ctx,
  input,
  tx,
}: {
  ctx: AppContext;
  input: { productId: string; itemCode?: string; maxAmount?: number; orderId?: string };
  tx?: Tx;
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
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
  });
  return deviceView({ ctx, input: r });
}
