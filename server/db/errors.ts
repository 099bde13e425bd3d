// Database errors by SQLSTATE. pg and PGlite set `code`; Drizzle wraps their errors as `cause`.

/** The SQLSTATE of a database error, if any. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique violation (SQLSTATE 23505): someone else inserted the same key first. */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === '23505';
