import type { User } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { firstThingId } from '../things';
import { loadOwnUser } from './load-user';
import { toUserJson } from './user-json';

/** GET /users/{id}: own user only. */
export async function getUser({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; id: string };
}): Promise<User> {
  const { row, features } = await loadOwnUser({ ctx, input });
  return toUserJson(row, features, input.session.tempPass, await firstThingId({ ctx, input: { userId: row.id } }));
}
