// beforeLoad of every account page (/profile/**, /address, /tax, /change-password, /history/**; /settings for guests
// too): registered drivers only (§2.2). Their strings are in the features' catalog, which the root route waits for.
import { redirect } from '@tanstack/react-router';
import { requireAuth, requireRegistered } from '../app/guards';
import type { AccountFeatures } from '../contract/users';
import { featuresQuery, userQuery } from '../features/session/queries';

export async function accountPage(ctx: Parameters<typeof requireRegistered>[0]) {
  return requireRegistered(ctx);
}

/** /settings: any session (guests too). */
export async function settingsPage(ctx: Parameters<typeof requireAuth>[0]) {
  return requireAuth(ctx);
}

/**
 * An account page an account feature switches (shell-and-account.md §6 "Other account flags switch: … loyalty,
 * refer-a-friend, … gift cards"): registered only, and with the feature off the page is not there — the driver goes to
 * the profile hub, where its entry is not offered either. Offline (the features cannot be read) the page opens with
 * what it has.
 */
export function accountFeaturePage(isOn: (features: AccountFeatures) => boolean) {
  return async (ctx: Parameters<typeof requireRegistered>[0]) => {
    const result = await requireRegistered(ctx);
    const record = result.session?.record;
    if (!record) return result;
    const client = ctx.context.queryClient;
    let on = true;
    try {
      const accountId =
        result.session?.user?.accountId ?? (await client.ensureQueryData(userQuery(record.userId))).accountId;
      on = isOn(await client.ensureQueryData(featuresQuery(accountId)));
    } catch {
      on = true;
    }
    if (!on) throw redirect({ to: '/profile', replace: true });
    return result;
  };
}

/** The account features that switch account pages and entries (pure; also used by the profile hub). */
export const featureGates = {
  referAFriend: (f: AccountFeatures) => f.referAFriend,
  loyalty: (f: AccountFeatures) => f.loyaltyPrograms.length > 0,
  giftCards: (f: AccountFeatures) => f.giftCardShop,
  carProfile: (f: AccountFeatures) => f.showCarProfileScreen,
} as const;
