import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/**
 * A device fails: pump -> FAULT (or OUT_OF_ORDER when taken out of service), connector -> Faulted, wash bay -> FAULT.
 * A running fill or charge stops; what was delivered stays in its session.
 */
export async function setFault({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; outOfOrder?: boolean };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: { productId: input.productId, event: input.outOfOrder ? 'outOfOrder' : 'fault' },
  });
  return deviceView({ ctx, input: r });
}
