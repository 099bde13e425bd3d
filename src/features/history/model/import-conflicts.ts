// Mileage readings of a fuel log that the chosen vehicle's readings refuse (shell-and-account.md §5 "must not be lower
// than the previous value"; the server's check-odometer rule): found before anything is sent, from the readings the
// history holds, and read from the server's 422 (details below_previous / above_next with the reading's limit and
// time) for what the device could not know. Pure.
import type { HistoryEvent } from '../../../../contract/history';
import { dayToSampleTime, type ImportRow } from './csv-import';

export type Reading = { time: number; km: number };

export type Conflict = {
  line: number;
  km: number;
  kind: 'below_previous' | 'above_next';
  limitKm: number;
  /** When the conflicting reading was taken (ISO), when known. */
  at: string | null;
};

/** The mileage readings of one vehicle in the history. */
export function readingsOf(events: HistoryEvent[], thingId: string): Array<Reading & { at: string }> {
  const out: Array<Reading & { at: string }> = [];
  for (const e of events) {
    if (e.thingId !== thingId) continue;
    const m = e.cost?.odometer ?? e.payment?.odometer ?? null;
    if (m !== null) out.push({ time: Date.parse(e.sampleTime), km: m / 1000, at: e.sampleTime });
  }
  return out.sort((a, b) => a.time - b.time);
}

/**
 * The lines (oldest first) whose mileage lies below a reading before it or above one after it, as the server would
 * refuse them when sent in this order: a line that passes becomes a reading the next ones are checked against.
 */
export function findConflicts(rows: ImportRow[], existing: Array<Reading & { at: string }>): Conflict[] {
  const readings: Array<Reading & { at: string | null }> = [...existing];
  const conflicts: Conflict[] = [];
  for (const row of rows) {
    if (row.odometerKm === null) continue;
    const at = dayToSampleTime(row.day);
    const time = Date.parse(at);
    let before: (Reading & { at: string | null }) | null = null;
    let after: (Reading & { at: string | null }) | null = null;
    for (const r of readings) {
      if (r.time <= time) {
        if (!before || r.time >= before.time) before = r;
      } else if (!after || r.time < after.time) after = r;
    }
    const km = row.odometerKm;
    if (before && km < before.km) {
      conflicts.push({ line: row.line, km, kind: 'below_previous', limitKm: before.km, at: before.at });
    } else if (after && km > after.km) {
      conflicts.push({ line: row.line, km, kind: 'above_next', limitKm: after.km, at: after.at });
    } else readings.push({ time, km, at: null });
  }
  return conflicts;
}

/** The server's 422 for a line's mileage, as a conflict (null for any other error). */
export function conflictFromError(
  line: number,
  km: number | null,
  error: { status?: number; details?: unknown } | null | undefined,
): Conflict | null {
  if (error?.status !== 422 || !Array.isArray(error.details) || km === null) return null;
  for (const d of error.details as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { path, message, limit, at } = d as Record<string, unknown>;
    if (path !== 'odometer' || typeof limit !== 'number') continue;
    if (message !== 'below_previous' && message !== 'above_next') continue;
    return { line, km, kind: message, limitKm: limit / 1000, at: typeof at === 'string' ? at : null };
  }
  return null;
}
