import type { Preferences } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { loadOwnUser } from './load-user';
import { toPreferences } from './user-json';

/** GET /v4/users/preferences. */
export async function getPreferences({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; includeArchived: boolean };
}): Promise<Preferences> {
  const { row } = await loadOwnUser({ ctx, input: { session: input.session } });
  return toPreferences(row, input.includeArchived);
}
