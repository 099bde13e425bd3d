import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/** A wash programme starts (a code was entered or the console started it): IDLE -> WASHING. */
export async function startWash({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; itemCode?: string };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'startWash',
      kind: 'WASH',
      driver: 'auto',
      patch: (_d, product) =>
        input.itemCode && product.items.some((i) => i.itemCode === input.itemCode) ? { itemCode: input.itemCode } : {},
    },
  });
  return deviceView({ ctx, input: r });
}
