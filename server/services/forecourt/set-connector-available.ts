import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** OCPP ChangeAvailability on the hardware: Inoperative -> Unavailable, Operative -> Available. */
export async function setConnectorAvailable({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; available: boolean };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: { productId: input.productId, event: input.available ? 'enable' : 'disable', kind: 'CONNECTOR' },
  });
  return deviceView({ ctx, input: r });
}
