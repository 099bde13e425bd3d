/** Joins class names, skipping everything that is not a non-empty string (false, null, 0 from `a && 'b'`). */
export function cx(...names: unknown[]): string {
  return names.filter((n): n is string => typeof n === 'string' && n !== '').join(' ');
}
