// Constants of the spec, named once (CONVENTIONS.md: "Constants of the spec live in one module each").

/** pay-flows.md §1, §9: "The version header sent on every request is webapp-release-v6.9.4." */
export const APP_VERSION_LABEL = '6.9.4';
export const APP_VERSION_HEADER_VALUE = 'webapp-release-v6.9.4';

/** pay-flows.md §9: "Request timeout 30 s". */
export const REQUEST_TIMEOUT_MS = 30_000;

/** shell-and-account.md §9: "Maintenance check timeout 20000 ms." */
export const MAINTENANCE_TIMEOUT_MS = 20_000;

/** pay-flows.md §9: "Auth record lifetime: one month" (we take 30 days). */
export const AUTH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Local-storage key of the auth record (shell-and-account.md §3: "stored locally under the key auth"). */
export const AUTH_STORAGE_KEY = 'auth';

/** Prefix of keys the payment SDK owns; clearing the SDK removes every key containing it (pay-flows.md §4). */
export const SDK_STORAGE_PREFIX = 'rydPaySDK-';
export const UI_QUERY_STORAGE_KEY = `${SDK_STORAGE_PREFIX}uiQuery`;
export const LANGUAGE_STORAGE_KEY = 'language';

/** shell-and-account.md §9: "Help hotline hours: Monday to Friday, 9:00 to 18:00 (GMT+2)." */
export const HOTLINE_HOURS = { fromDay: 1, toDay: 5, fromHour: 9, toHour: 18, utcOffsetHours: 2 } as const;
