import type { AppContext } from '../../context';
import type { DeviceDriver } from '../../db/schema';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** The cable goes into the car: Available -> Preparing (charging starts once the session is authorized too). */
export async function plugConnector({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; driver?: DeviceDriver; target?: number };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'plug',
      kind: 'CONNECTOR',
      ...(input.driver ? { driver: input.driver } : {}),
      guard: (d) => (d.plugged ? 'A car is already plugged in' : undefined),
      patch: (d) => ({
        plugged: true,
        ...(d.driver === null && !input.driver ? { driver: 'manual' as const } : {}),
        ...(input.target !== undefined ? { target: input.target } : {}),
      }),
    },
  });
  return deviceView({ ctx, input: r });
}
