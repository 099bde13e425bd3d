import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The session is stopped (app, card or car): Charging/SuspendedEV -> Finishing. The energy is final. */
export async function stopCharging(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(
    ctx,
    await changeDevice(ctx, { productId: input.productId, event: 'stopCharging', kind: 'CONNECTOR' }),
  );
}
