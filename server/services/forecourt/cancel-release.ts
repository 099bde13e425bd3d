import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** Withdraws a release before the nozzle is lifted: RELEASED -> IDLE (nothing dispensed). */
export async function cancelRelease(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(
    ctx,
    await changeDevice(ctx, { productId: input.productId, event: 'cancelRelease', kind: 'PUMP' }),
  );
}
