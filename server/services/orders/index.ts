// Orders: the prepay lifecycle of ARCHITECTURE.md ("Order lifecycle"). Inside the area: transitions.ts is the one
// table of allowed moves and the only writer of orders.state; complete-dispensing.ts invoices a fill that ended.

// Periodic (the simulator's tick, through the forecourt's hooks)
export { advanceOrders } from './advance-orders';
export { answerChallenge, type ChallengeAnswer } from './answer-challenge';
export { authorizeOrder } from './authorize-order';
export { cancelOrder } from './cancel-order';
export { createOrder } from './create-order';
// What a charge point's messages do to EV orders (server/ocpp calls these)
export {
  authorizeIdTag,
  chargerRefusedStart,
  chargerStatusChanged,
  type IdTagStatus,
  type MeterSample,
  recordChargeMeter,
  startChargeTransaction,
  stopChargeTransaction,
  watchCharges,
} from './ev-charging';
// For the start of a process: what the forecourt calls on the orders (create-context.ts wires it)
export { forecourtHooks } from './forecourt-hooks';
export { listOngoingOrders } from './list-ongoing-orders';
export { loadOrder } from './load-order';
export { knownVersion, rememberVersion, versionMark } from './order-versions';
export { redeemCode } from './redeem-code';
export { stopAcquire } from './stop-acquire';
// For tests and fixtures: the transition table
export { assertTransition, canTransition, createdEntry, ORDER_TRANSITIONS } from './transitions';
export { updateOrder } from './update-order';
export { issueWashCodes, WASH_CODE_DIGITS } from './wash-codes';
export { runWatchdog } from './watchdog';
