import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The technician was here: FAULT/OUT_OF_ORDER -> IDLE, Faulted -> Available. */
export async function clearFault(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(ctx, await changeDevice(ctx, { productId: input.productId, event: 'clearFault' }));
}
