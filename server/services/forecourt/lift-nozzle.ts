import type { AppContext } from '../../context';
import type { DeviceDriver } from '../../db/schema';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/**
 * The driver lifts the nozzle: RELEASED or IDLE (postpay, or a customer paying at the kiosk) -> NOZZLE_LIFTED.
 * The flow starts when the trigger is pulled (start-flow.ts; the simulator does it a moment later).
 */
export async function liftNozzle({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; driver?: DeviceDriver; itemCode?: string; target?: number };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'lift',
      kind: 'PUMP',
      ...(input.driver ? { driver: input.driver } : {}),
      patch: (d, product) => ({
        ...(input.itemCode && product.items.some((i) => i.itemCode === input.itemCode)
          ? { itemCode: input.itemCode }
          : {}),
        ...(input.target !== undefined ? { target: input.target } : {}),
        ...(d.state === 'IDLE' && !input.driver ? { driver: 'manual' as const } : {}),
      }),
    },
  });
  return deviceView({ ctx, input: r });
}
