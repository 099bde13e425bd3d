import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The cable comes out: Preparing/Charging/SuspendedEV/Finishing -> Available (a running charge ends). */
export async function unplugConnector(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  const r = await changeDevice(ctx, {
    productId: input.productId,
    event: 'unplug',
    kind: 'CONNECTOR',
    guard: (d) => (!d.plugged ? 'No car is plugged in' : undefined),
  });
  return toDeviceView(ctx, r);
}
