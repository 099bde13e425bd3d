import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The nozzle goes back: NOZZLE_LIFTED or DISPENSING -> HUNG_UP. The fill's volume and amount are final. */
export async function hangUp(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(ctx, await changeDevice(ctx, { productId: input.productId, event: 'hangUp', kind: 'PUMP' }));
}
