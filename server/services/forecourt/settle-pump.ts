import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** The pump has booked the fill: HUNG_UP -> IDLE (the session record keeps the totals). */
export async function settlePump(ctx: AppContext, input: { productId: string }): Promise<DeviceView> {
  return toDeviceView(ctx, await changeDevice(ctx, { productId: input.productId, event: 'settle', kind: 'PUMP' }));
}
