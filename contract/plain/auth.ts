// Plain values of the auth contract (contract/auth.ts re-exports them), without zod.

/** shell-and-account.md §5 and §9: password 8 to 40 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 40;
