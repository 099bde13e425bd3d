import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** An authorized session is withdrawn before charging started: Preparing -> Available (the session ends, 0 Wh). */
export async function cancelCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'cancel', kind: 'CONNECTOR' } });
  return deviceView({ ctx, input: r });
}
