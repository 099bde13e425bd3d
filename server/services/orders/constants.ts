// Figures of the order lifecycle.

/** pay-flows §4 Polling: "The order is fetched every 2.5 s"; sent to the app as pollIntervalMs. */
export const POLL_INTERVAL_MS = 2500;

/** pay-flows §9 "Ongoing orders limit: 5"; a larger limit is answered with 5. */
export const ONGOING_ORDERS_LIMIT = 5;

/** Simulated seconds between the invoice steps of an acquired order (divided by FORECOURT_SPEED in real time). */
export const INVOICE_STEP_S = { readyForInvoice: 2, completed: 3 } as const;

/** The error message of a postpay order left unpaid (the app looks for "expired" in it). */
export const EXPIRED_MESSAGE = 'The order expired: it was not paid in time';
