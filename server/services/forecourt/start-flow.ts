import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context';
import { changeDevice } from './change-device';
import { MAX_FLOW_ML_S, MIN_FLOW_ML_S } from './constants';
import { type DeviceView, deviceView } from './device-view';

/** The trigger is pulled: NOZZLE_LIFTED -> DISPENSING at 0.5-0.7 l/s (or the given flow, ml/s). */
export async function startFlow({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; flowMlPerS?: number };
}): Promise<DeviceView> {
  const r = await changeDevice({
    ctx,
    input: {
      productId: input.productId,
      event: 'startFlow',
      kind: 'PUMP',
      rate: () =>
        Math.min(
          MAX_FLOW_ML_S,
          Math.max(MIN_FLOW_ML_S, input.flowMlPerS ?? randomInt(MIN_FLOW_ML_S, MAX_FLOW_ML_S + 1)),
        ),
    },
  });
  return deviceView({ ctx, input: r });
}
