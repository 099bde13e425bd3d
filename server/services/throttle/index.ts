// Fixed-window counters (failed logins, temporary-password mails).
export { readThrottle, recordHit, resetThrottle } from './throttle';
