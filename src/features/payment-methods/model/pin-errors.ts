// What a refused PIN means (pay-flows.md §5 "A 403 means wrong PIN; any other failure shows a generic failure
// message"): wrong (with the tries left), locked (three wrong in a row), or something else.
export type PinRefusal = { kind: 'wrong'; triesLeft: number | null } | { kind: 'locked' } | { kind: 'failed' };

export function pinRefusal(error: { status?: number; details?: unknown } | null | undefined): PinRefusal {
  if (error?.status !== 403) return { kind: 'failed' };
  const details = (error.details ?? {}) as { reason?: unknown; triesLeft?: unknown };
  if (details.reason === 'pin_locked') return { kind: 'locked' };
  return { kind: 'wrong', triesLeft: typeof details.triesLeft === 'number' ? details.triesLeft : null };
}
