import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** Withdraws a release before the nozzle is lifted: RELEASED -> IDLE (nothing dispensed). */
export async function cancelRelease({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'cancelRelease', kind: 'PUMP' } });
  return deviceView({ ctx, input: r });
}
