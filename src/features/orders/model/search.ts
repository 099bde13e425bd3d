// The order group of the pay routes' query (pay-flows.md §2): what a page of the pay flow needs to know about the
// order being made. Values arrive as strings; a value that does not parse is dropped, and the page decides.
import { z } from 'zod';
import { CANCEL_STATES } from './cancel-page';

const text = z.string().min(1).optional().catch(undefined);

export const ORDER_TYPES = ['PREPAY', 'POSTPAY'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const orderGroup = z.object({
  orderId: text,
  orderType: z.enum(ORDER_TYPES).optional().catch(undefined),
  /** Integer minor units of `currency`. */
  amount: z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  fuelTypeId: text,
  productId: text,
  type: text,
  isWash: text,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
});
export type OrderGroup = z.output<typeof orderGroup>;

/** The /pay/cancel page's own key: which text it shows (pay-flows.md §4 Cancel page). */
export const cancelSearch = z.object({
  state: z.enum(CANCEL_STATES).optional().catch(undefined),
  /** The cancelled order (kept from the waiting page): an EV charge is told as such. */
  orderId: z.string().optional().catch(undefined),
});
