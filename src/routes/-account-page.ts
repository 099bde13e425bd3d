// beforeLoad of every account page (/profile/**, /address, /tax, /change-password, /history/**; /settings for guests
// too): registered drivers only (§2.2). Their strings are in the features' catalog, which the root route waits for.
import { requireAuth, requireRegistered } from '../app/guards';

export async function accountPage(ctx: Parameters<typeof requireRegistered>[0]) {
  return requireRegistered(ctx);
}

/** /settings: any session (guests too). */
export async function settingsPage(ctx: Parameters<typeof requireAuth>[0]) {
  return requireAuth(ctx);
}
