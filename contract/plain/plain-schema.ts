// A response check without zod, for the few answers a first screen waits for (issue 16): zod and a contract module
// cost a slow phone ~25 KiB and ~60 ms of main thread, too much to read `{ production: false }`. The same shape as
// zod's safeParse, so the HTTP client takes either; a unit test holds each one to its zod schema (the server's).

export type PlainResult<T> = { success: true; data: T } | { success: false };

export type PlainSchema<T> = {
  /** Tells it from a zod schema in types (the client's answer type). */
  readonly plain: true;
  safeParse(value: unknown): PlainResult<T>;
};

/** `read` returns the value as the zod schema would (known keys only), or undefined when it does not fit. */
export function plainSchema<T>(read: (value: unknown) => T | undefined): PlainSchema<T> {
  return {
    plain: true,
    safeParse(value) {
      const data = read(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
