// Wire format of the car wash's own call (the codes themselves are part of an order: contract/orders.ts).
// Kept apart from orders.ts: the app never sends it, so it stays out of the app's bundle.
import { z } from 'zod';

/** PATCH /v4/redemption-codes/{id}: only marking a code used (it cannot be un-used). */
export const redeemCodeBody = z.strictObject({ isRedeemed: z.literal(true) });
