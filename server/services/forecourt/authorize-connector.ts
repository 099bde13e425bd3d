import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { changeDevice } from './change-device';
import { type DeviceView, deviceView } from './device-view';

/**
 * A charging session is authorized (after the pre-authorization): Available/Preparing -> Preparing. maxAmount
 * (currency minor units) suspends the charge when reached. With FORECOURT_AUTO_DRIVER the simulated driver plugs in.
 */
export async function authorizeConnector({
  ctx,
  input,
  tx,
}: {
  ctx: AppContext;
  input: { productId: string; orderId?: string; maxAmount?: number };
  /** Inside the caller's transaction (authorize holds the pre-authorization and authorizes the session in one). */
  tx?: Tx;
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'authorize',
      kind: 'CONNECTOR',
      requireOnline: true,
      guard: (d) => (d.authorized ? 'A charging session is already authorized' : undefined),
      patch: (d) => ({
        authorized: true,
        orderId: input.orderId ?? null,
        maxAmount: input.maxAmount ?? null,
        driver: d.plugged ? (d.driver ?? 'manual') : ctx.env.forecourt.autoDriver ? 'auto' : 'manual',
      }),
    },
    tx,
  });
  return deviceView({ ctx, input: r });
}
