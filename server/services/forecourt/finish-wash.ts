import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The programme is over: WASHING -> IDLE. */
export async function finishWash(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(ctx, await changeDevice(ctx, { productId: input.productId, event: 'finishWash', kind: 'WASH' }));
}
