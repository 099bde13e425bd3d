// Route guards wired to the router: beforeLoad helpers that turn the pure decisions of guard-rules.ts into redirects.
import { redirect } from '@tanstack/react-router';
import { ensureHostApps } from '../features/embedding/queries';
import { ensureSession, type SessionState } from '../features/session/queries';
import { registeredOnly, stationRequired } from './guard-rules';
import { exitContext, leaveRedirect } from './leave';
import { navigation } from './navigation';
import { hasStationReference, pickUiQuery, type Query, type UiQuery } from './query-carry';
import type { RouterContext } from './router-context';

type GuardContext = { context: RouterContext; location: { pathname: string; search: unknown } };

/** An auth page: a session must exist (a guest one is made when needed); an expired password goes to its page. */
export async function requireAuth({ context, location }: GuardContext): Promise<{ session: SessionState | null }> {
  const state = await ensureSession(context.queryClient);
  if (state?.user?.passwordExpired && location.pathname !== '/change-tmp-password') {
    throw redirect({ to: '/change-tmp-password', search: location.search as UiQuery });
  }
  return { session: state };
}

/** A registered-only page: guests go to /login with the query kept. */
export async function requireRegistered(ctx: GuardContext): Promise<{ session: SessionState | null }> {
  const { session } = await requireAuth(ctx);
  const decision = registeredOnly(!!session && session.record.isGuest !== true, ctx.location.search as Query);
  if (decision.kind === 'redirect') throw redirect({ to: decision.to, search: decision.search as UiQuery });
  return { session };
}

/**
 * A page needing a station (the /pay subtree): the reference may come from the previous or the saved UI query; a
 * station given by mtskid or by coordinates is resolved through the nearby search into a pid.
 */
export async function requireStation({ context, location }: GuardContext): Promise<void> {
  const query = location.search as Query;
  // Guards run before the new route resolves: the page being left is still navigation's current one.
  const previous = navigation.current()?.query ?? null;
  const saved = navigation.savedUiQuery();
  let decision = stationRequired(query, previous, saved, exitContext());
  if (decision.kind === 'leave' && query.callback !== undefined) {
    // A callback is followed only to an allowed host app: know the allowlist before deciding.
    await ensureHostApps();
    decision = stationRequired(query, previous, saved, exitContext());
  }
  if (decision.kind === 'leave') leaveRedirect(decision.exit);
  const here = location.pathname as '/pay';
  if (!hasStationReference(query)) {
    // The reference came from the previous or saved query: put it back into this URL.
    const from = hasStationReference(previous) ? previous! : saved!;
    throw redirect({ to: here, search: { ...pickUiQuery(from), ...query } as UiQuery, replace: true });
  }
  if (query.pid) return;
  const lat = Number(query.latitude);
  const lon = Number(query.longitude);
  const mtskid = typeof query.mtskid === 'string' ? query.mtskid : undefined;
  let pid: string | null = null;
  if (Number.isFinite(lat) && Number.isFinite(lon)) {
    try {
      // The nearby search is rare (a link with coordinates): its code loads with it, not with every page's start.
      const [{ nearestStationId }, { nearbyQuery }] = await Promise.all([
        import('../features/stations/model/pumps'),
        import('../features/stations/queries'),
      ]);
      pid = nearestStationId(await context.queryClient.fetchQuery(nearbyQuery(lat, lon, mtskid)), mtskid);
    } catch {
      throw redirect({ to: '/error', search: {} });
    }
  }
  if (!pid) throw redirect({ to: '/error', search: { type: 'NO_STATION_FOUND_LAT_LON' } });
  throw redirect({ to: here, search: { ...query, pid } as UiQuery, replace: true });
}
