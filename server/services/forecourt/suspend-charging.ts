import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The car stops drawing power (battery full, or the prepaid limit reached): Charging -> SuspendedEV. */
export async function suspendCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'suspend', kind: 'CONNECTOR' } });
  return deviceView({ ctx, input: r });
}
