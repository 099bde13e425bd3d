// The station's event stream (GET v4/pois/{id}/events): one per station however many screens watch it (ref-counted).
// What it sends goes into the station query's cache; while it is up the query does not poll (queries.ts asks
// isStationLive), and when it drops the query fetches at once and polls every 5 s again until it is back.
import { useEffect } from 'react';
import { browserConnectivity } from '../../lib/connectivity';
import { streamRequest } from '../../lib/http/index';
import { queryClient } from '../../lib/query-client';
import { poi } from './api';
import { stationKeys } from './keys';

type Entry = { watchers: number; open: boolean; close: () => void };
const streams = new Map<string, Entry>();

/** The stream of this station is up (so its query does not poll). */
export function isStationLive(id: string): boolean {
  return streams.get(id)?.open === true;
}

/** Watch a station live until the returned function is called. */
export function watchStation(id: string): () => void {
  let entry = streams.get(id);
  if (!entry) {
    const created: Entry = { watchers: 0, open: false, close: () => {} };
    entry = created;
    streams.set(id, created);
    if (typeof TextDecoderStream !== 'undefined') {
      let dropped = false;
      created.close = () => {
        dropped = true;
      };
      // The stream client and the station schema load with the first station screen, not with the landing page that
      // shares this module. Should they fail to load, the station's poll simply goes on.
      void Promise.all([import('../../lib/event-stream'), poi.load()]).then(([{ connectEventStream }, poiSchema]) => {
        if (dropped) return;
        created.close = connectEventStream({
          request: () => streamRequest(`v4/pois/${encodeURIComponent(id)}/events`),
          event: 'station',
          connectivity: browserConnectivity,
          onData: (data) => {
            const parsed = poiSchema.safeParse(data);
            if (parsed.success) queryClient.setQueryData(stationKeys.detail(id), parsed.data);
          },
          onStatus: (open) => {
            created.open = open;
            // Down: the poll takes over at once (refetching re-reads the interval, which is 5 s again).
            if (!open) void queryClient.refetchQueries({ queryKey: stationKeys.detail(id), type: 'active' });
          },
        });
      });
    }
  }
  entry.watchers += 1;
  const mine = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.watchers -= 1;
    if (mine.watchers === 0) {
      mine.close();
      if (streams.get(id) === mine) streams.delete(id);
    }
  };
}

/** A screen that shows the station: keeps its stream open while mounted. */
export function useStationLive(id: string | undefined): void {
  useEffect(() => (id ? watchStation(id) : undefined), [id]);
}
