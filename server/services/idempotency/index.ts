// Idempotency keys of the order calls: one answer per key and user, replayed byte for byte.
export { canonicalJson, requestFingerprint } from './fingerprint';
export { purgeIdempotencyKeys } from './purge-idempotency-keys';
export { IDEMPOTENCY_LEASE_MS, runIdempotent } from './run-idempotent';
