import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { loadOwnUser } from './load-user';

/** Backs has_user_webauthn / user_has_pin until PINs and WebAuthn exist: derived from users.two_factor_method. */
export async function getTwoFactorMethod({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession };
}): Promise<'webauthn' | 'pin' | 'none'> {
  const { row } = await loadOwnUser({ ctx, input });
  return row.twoFactorMethod;
}
