// A station's opening state now, from its daily window in its own time zone (contract/stations.ts openingHours).
import type { OpeningHours } from '../../../../contract/stations';

export type OpeningState =
  | { kind: 'always' }
  | { kind: 'open'; closesAt: string }
  | { kind: 'closed'; opensAt: string }
  /** The server did not say (an older answer kept offline). */
  | { kind: 'unknown' };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock time at the station, in minutes after midnight. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** Open or closed now; a window whose close is before its open runs over midnight. */
export function openingState(hours: OpeningHours | undefined, now: Date): OpeningState {
  if (hours === undefined) return { kind: 'unknown' };
  if (hours === null) return { kind: 'always' };
  const at = localMinutes(now, hours.timeZone);
  const open = minutes(hours.open);
  const close = minutes(hours.close);
  const isOpen = open <= close ? at >= open && at < close : at >= open || at < close;
  return isOpen ? { kind: 'open', closesAt: hours.close } : { kind: 'closed', opensAt: hours.open };
}
