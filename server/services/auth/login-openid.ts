import { and, eq } from 'drizzle-orm';
import type { LoginOpenIdBody, LoginResponse } from '../../../contract/auth';
import { verifyIdToken } from '../../auth/oidc';
import type { AppContext } from '../../context';
import { oidcIdentities } from '../../db/schema';
import { ApiError } from '../../errors';
import { createSession } from './create-session';

/** POST /auth/login/openId. "An unknown OpenID user is reported as not_registered" (shell-and-account.md §4). */
export async function loginOpenId({ ctx, input }: { ctx: AppContext; input: LoginOpenIdBody }): Promise<LoginResponse> {
  const identity = await verifyIdToken({ ctx, input: { providerId: input.idProvider, idToken: input.idToken } });
  const [link] = await ctx.db
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.provider, identity.provider), eq(oidcIdentities.subject, identity.subject)));
  if (!link) {
    throw new ApiError(422, 'not_registered', 'No user is registered with this identity', {
      email: identity.email ?? null,
    });
  }
  const token = await createSession({ ctx, input: { userId: link.userId } });
  return { auth_token: token, _id: link.userId };
}
