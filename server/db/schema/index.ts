// Drizzle schema of the reference server, one file per area. SQL names are snake_case; `npm run db:generate` writes
// migrations from this index into server/db/migrations (committed; applied in-process at start).
export * from './auth';
export * from './benefits';
export * from './data-exports';
export * from './forecourt';
export * from './history';
export * from './idempotency';
export * from './loyalty';
export * from './mail';
export * from './ocpp';
export * from './orders';
export * from './payments';
export * from './stations';
export * from './things';
export * from './throttle';
export * from './users';
export * from './vouchers';
