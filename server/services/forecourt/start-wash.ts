import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { type DeviceView, toDeviceView } from './device-view';

/** A wash programme starts (a code was entered or the console started it): IDLE -> WASHING. */
export async function startWash(ctx: AppContext, input: { productId: string; itemCode?: string }): Promise<DeviceView> {
  const r = await changeDevice(ctx, {
    productId: input.productId,
    event: 'startWash',
    kind: 'WASH',
    driver: 'auto',
    patch: (_d, product) =>
      input.itemCode && product.items.some((i) => i.itemCode === input.itemCode) ? { itemCode: input.itemCode } : {},
  });
  return toDeviceView(ctx, r);
}
