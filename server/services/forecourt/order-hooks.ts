// How the forecourt reaches the orders it serves. The orders area calls the forecourt (release, hang-up, cancel a
// release); the forecourt must not import the orders back, so it calls these hooks on ctx instead. The orders area
// implements them (services/orders/forecourt-hooks.ts) and create-context.ts puts them on every context.
import type { Tx } from '../../db/client';

export type OrderHooks = {
  /**
   * Inside the transaction that holds the device's row lock, before fuel flows for an order: why it must not (the
   * order has ended: a watchdog or a cancel ended it under the same lock), or undefined.
   */
  fuelRefusal(args: { tx: Tx; orderId: string }): Promise<string | undefined>;
  /** After the commit that ended the session of an order's device (hang-up, withdrawn release, fault). */
  sessionEnded(args: { orderId: string }): Promise<void>;
  /** Each simulator tick, after the devices moved: the orders follow their pumps. */
  tick(args: { now: Date }): Promise<void>;
};
