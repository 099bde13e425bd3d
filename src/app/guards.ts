// Route guards wired to the router: beforeLoad helpers that turn the domain's decisions into redirects.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ensureSession, type SessionState } from '../features/session/queries';
import { registeredOnly } from './guard-rules';
import type { Query } from './query-carry';

type GuardContext = { context: { queryClient: QueryClient }; location: { pathname: string; search: unknown } };

/** An auth page: a session must exist (a guest one is made when needed); an expired password goes to its page. */
export async function requireAuth({ context, location }: GuardContext): Promise<{ session: SessionState | null }> {
  const state = await ensureSession(context.queryClient);
  if (state?.user?.passwordExpired && location.pathname !== '/change-tmp-password') {
    throw redirect({ to: '/change-tmp-password', search: location.search as Query });
  }
  return { session: state };
}

/** A registered-only page: guests go to /login with the query kept. */
export async function requireRegistered(ctx: GuardContext): Promise<{ session: SessionState | null }> {
  const { session } = await requireAuth(ctx);
  const decision = registeredOnly(!!session && session.record.isGuest !== true, ctx.location.search as Query);
  if (decision.kind === 'redirect') throw redirect({ to: decision.to, search: decision.search });
  return { session };
}
