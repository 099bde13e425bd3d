import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The pump has booked the fill: HUNG_UP -> IDLE (the session record keeps the totals). */
export async function settlePump({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'settle', kind: 'PUMP' } });
  return deviceView({ ctx, input: r });
}
