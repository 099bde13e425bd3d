import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The nozzle goes back: NOZZLE_LIFTED or DISPENSING -> HUNG_UP. The fill's volume and amount are final. */
export async function hangUp({ ctx, input }: { ctx: AppContext; input: { productId: string } }): Promise<DeviceView> {
  const r = await changeDevice({ ctx, input: { productId: input.productId, event: 'hangUp', kind: 'PUMP' } });
  return deviceView({ ctx, input: r });
}
