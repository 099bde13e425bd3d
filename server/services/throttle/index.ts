// Fixed-window counters (failed logins, temporary-password mails, console tokens, per-address rate limits).
export { readThrottle, recordHit, resetThrottle, type ThrottleState } from './throttle';
