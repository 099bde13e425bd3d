import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The cable comes out: Preparing/Charging/SuspendedEV/Finishing -> Available (a running charge ends). */
export async function unplugConnector({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'unplug',
      kind: 'CONNECTOR',
      guard: (d) => (!d.plugged ? 'No car is plugged in' : undefined),
    },
  });
  return deviceView({ ctx, input: r });
}
