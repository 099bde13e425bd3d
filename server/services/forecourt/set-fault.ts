import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/**
 * A device fails: pump -> FAULT (or OUT_OF_ORDER when taken out of service), connector -> Faulted, wash bay -> FAULT.
 * A running fill or charge stops; what was delivered stays in its session.
 */
export async function setFault(
  ctx: AppContext,
  input: { productId: string; outOfOrder?: boolean },
): Promise<DeviceView> {
  const r = await changeDevice(ctx, { productId: input.productId, event: input.outOfOrder ? 'outOfOrder' : 'fault' });
  return toDeviceView(ctx, r);
}
