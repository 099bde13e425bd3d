// beforeLoad of every account page (/profile/**, /address, /tax, /change-password, /history/**; /settings for guests
// too): registered drivers only (§2.2). Their strings are in the account catalog (the logbook's in history), which the root route waits for.
import { redirect } from '@tanstack/react-router';
import type { AccountFeatures } from '../../contract/users';
import { requireAuth, requireRegistered } from '../app/guards';
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
    if (!(await accountFeatureOn(ctx, result, isOn))) throw redirect({ to: '/profile', replace: true });
    return result;
  };
}

/**
 * Whether the signed-in driver's account has a feature on, for a guard that already ran requireRegistered. Without a
 * session record, or offline (the features cannot be read), it answers true: the page opens with what it has and the
 * server refuses what the account may not do.
 */
export async function accountFeatureOn(
  ctx: Parameters<typeof requireRegistered>[0],
  result: Awaited<ReturnType<typeof requireRegistered>>,
  isOn: (features: AccountFeatures) => boolean,
): Promise<boolean> {
  const record = result.session?.record;
  if (!record) return true;
  const client = ctx.context.queryClient;
  try {
    const accountId =
      result.session?.user?.accountId ?? (await client.ensureQueryData(userQuery(record.userId))).accountId;
    // The cached features decide at once; stale ones are asked again behind it (ACCOUNT_FEATURES_STALE_MS).
    return isOn(await client.ensureQueryData({ ...featuresQuery(accountId), revalidateIfStale: true }));
  } catch {
    return true;
  }
}

/** The account features that switch account pages and entries (pure; also used by the profile hub). */
export const featureGates = {
  referAFriend: (f: AccountFeatures) => f.referAFriend,
  loyalty: (f: AccountFeatures) => f.loyaltyPrograms.length > 0,
  giftCards: (f: AccountFeatures) => f.giftCardShop,
  carProfile: (f: AccountFeatures) => f.showCarProfileScreen,
} as const;

/**
 * Whether the station screen offers "Buy a gift card" (§6: the giftCardShop flag switches gift cards). A guest is
 * offered it and sent to /login by the page (pay-flows.md §2 "registered users only", §6 keeps the query); a driver
 * whose features are not known yet (loading, offline) is offered it too, and the page checks again.
 */
export function offersGiftCards(isGuest: boolean, features: AccountFeatures | undefined): boolean {
  if (isGuest || !features) return true;
  return featureGates.giftCards(features);
}
