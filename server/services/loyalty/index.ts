// Loyalty: the programs an account may use, and the user's loyalty cards.
export { listPrograms, PROGRAMS, programOf } from './programs';
export { recordLoyaltyPoints } from './record-points';
export { createSubscription, deleteSubscription, listSubscriptions } from './subscriptions';
