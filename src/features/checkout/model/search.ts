// The payment-return group (pay-flows.md §2): what a payment provider's page or a wallet appends when it sends the
// driver back. Dropped when leaving to the map.
import { z } from 'zod';

const text = z.string().optional().catch(undefined);

export const paymentReturnGroup = z.object({
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
