import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** An authorized session that never started is withdrawn: Preparing -> Available. */
export async function cancelCharging(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(ctx, await changeDevice(ctx, { productId: input.productId, event: 'cancel', kind: 'CONNECTOR' }));
}
