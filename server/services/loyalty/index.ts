// Loyalty: the programs an account may use, and the user's loyalty cards.
export { listPrograms, PROGRAMS, programOf } from './programs';
export { createSubscription, deleteSubscription, listSubscriptions } from './subscriptions';
