import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The session is stopped (app, card or car): Charging/SuspendedEV -> Finishing. The energy is final. */
export async function stopCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: { productId: input.productId, event: 'stopCharging', kind: 'CONNECTOR' },
  });
  return deviceView({ ctx, input: r });
}
