import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The technician was here: FAULT/OUT_OF_ORDER -> IDLE, Faulted -> Available. */
export async function clearFault({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'clearFault' } });
  return deviceView({ ctx, input: r });
}
