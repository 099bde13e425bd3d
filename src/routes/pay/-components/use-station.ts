// The station of the /pay pages: live from its event stream, polled every 5 s while the stream is down, shown from
// the persisted cache without signal, and the outcome rules (offline station, no pumps) applied.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { exitContext, useLeave } from '../../../app/leave';
import { leaveTarget, type Query } from '../../../app/query-carry';
import { useStationLive } from '../../../features/stations/live';
import { stationOutcome } from '../../../features/stations/model/pumps';
import { stationQuery } from '../../../features/stations/queries';
import { ApiError } from '../../../lib/http/errors';
import { useOnline } from '../../../lib/use-online';

export function useStation(pid: string, query: Query) {
  const online = useOnline();
  const navigate = useNavigate();
  const leave = useLeave();
  useStationLive(pid || undefined);
  const station = useQuery(stationQuery(pid));
  const data = station.data;
  const orderId = typeof query.orderId === 'string' ? query.orderId : undefined;

  useEffect(() => {
    if (!data || !station.isFetchedAfterMount) return;
    const outcome = stationOutcome(data, { orderId });
    if (outcome.kind === 'error') void navigate({ to: '/error', search: { type: outcome.type }, replace: true });
    if (outcome.kind === 'map') {
      leave(leaveTarget(query, { callback: 'hideMapLink', ...exitContext() }), { replace: true });
    }
  }, [data, station.isFetchedAfterMount, orderId, query, navigate, leave]);

  useEffect(() => {
    const error = station.error;
    // "Other load errors show the generic error page" — once retries are spent and nothing is cached to show.
    if (error && !data && error instanceof ApiError && error.status !== 0) {
      void navigate({ to: '/error', search: {}, replace: true });
    }
  }, [station.error, data, navigate]);

  // What the driver sees was confirmed by the server during this visit, and we are still online.
  const confirmed = online && station.isFetchedAfterMount && !station.isRefetchError && data?.status === 'ONLINE';
  return { station: data, confirmed, online, loading: station.isPending, error: station.error };
}
