import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The programme is over: WASHING -> IDLE. */
export async function finishWash({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'finishWash', kind: 'WASH' } });
  return deviceView({ ctx, input: r });
}
