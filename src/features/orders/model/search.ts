// The order group of the pay routes' query (pay-flows.md §2): what a page of the pay flow needs to know about the
// order being made. Values arrive as strings; a value that does not parse is dropped, and the page decides.
import { type Infer, oneOf, positiveInt, searchObject, text as textRule } from '../../../lib/search-schema';
import { CANCEL_STATES } from './cancel-page';

const text = textRule({ min: 1 });

export const ORDER_TYPES = ['PREPAY', 'POSTPAY'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const orderGroup = searchObject({
  orderId: text,
  orderType: oneOf(ORDER_TYPES),
  /** Integer minor units of `currency`. */
  amount: positiveInt(),
  fuelTypeId: text,
  productId: text,
  type: text,
  isWash: text,
  currency: textRule({ pattern: /^[A-Z]{3}$/ }),
});
export type OrderGroup = Infer<typeof orderGroup>;

/** The /pay/cancel page's own key: which text it shows (pay-flows.md §4 Cancel page). */
export const cancelSearch = searchObject({
  state: oneOf(CANCEL_STATES),
  /** The cancelled order (kept from the waiting page): an EV charge is told as such. */
  orderId: textRule(),
});
