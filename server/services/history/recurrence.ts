// Occurrence n of a recurring cost (shell-and-account.md §3 Recurrence): anchor + n periods, computed from the anchor
// every time so month ends clamp without drifting (Jan 31 → Feb 28 → Mar 31). Pure; UTC calendar.
import type { RecurrencePeriod } from '../../../contract/history';

/** A series stops materialising after this many occurrences (weekly for 19 years). */
export const MAX_OCCURRENCES = 1000;

const MONTHS: Record<Exclude<RecurrencePeriod, 'NEVER' | 'WEEKLY'>, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

export function occurrenceTime(anchor: Date, period: Exclude<RecurrencePeriod, 'NEVER'>, n: number): Date {
  if (period === 'WEEKLY') return new Date(anchor.getTime() + n * 7 * 24 * 60 * 60 * 1000);
  const months = anchor.getUTCMonth() + n * MONTHS[period];
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}
