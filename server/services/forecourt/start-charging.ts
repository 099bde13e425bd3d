import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';
import { connectorRateW } from './meter';

/** Plugged in and authorized: Preparing -> Charging at the connector's power (meter in Wh = power x time). */
export async function startCharging({
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
      event: 'startCharging',
      kind: 'CONNECTOR',
      guard: (d) =>
        !d.plugged ? 'No car is plugged in' : !d.authorized ? 'The charging session is not authorized' : undefined,
      rate: (_d, product) => connectorRateW(product.items[0]?.details?.power),
    },
  });
  return deviceView({ ctx, input: r });
}
