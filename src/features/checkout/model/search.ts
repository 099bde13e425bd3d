// The payment-return group (pay-flows.md §2): what a payment provider's page or a wallet appends when it sends the
// driver back. Dropped when leaving to the map.
import { searchObject, text as textRule } from '../../../lib/search-schema';

const text = textRule();

export const paymentReturnGroup = searchObject({
  registration: text,
  resultIndicator: text,
  sessionVersion: text,
  nonce: text,
  phoneNumber: text,
  provider: text,
  method: text,
  sca_feedback: text,
  paymentId: text,
  errorDescription: text,
  amazonCheckoutSessionId: text,
  amazonIsCancel: text,
  whitelist: text,
  type: text,
  state: text,
});
