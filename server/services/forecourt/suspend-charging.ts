import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The car stops drawing power (battery full, or the prepaid limit reached): Charging -> SuspendedEV. */
export async function suspendCharging(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(
    ctx,
    await changeDevice(ctx, { productId: input.productId, event: 'suspend', kind: 'CONNECTOR' }),
  );
}
