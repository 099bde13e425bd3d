// beforeLoad of every account page (/profile/**, /address, /tax, /change-password, /history/**; /settings for guests too):
// registered drivers only (§2.2), and the account area's own catalog (lingui.config.ts) loaded before the page renders.
import { requireAuth, requireRegistered } from '../app/guards';
import { onLanguageLoad } from '../i18n';

const loadAccountCatalog = async () => (await import('../i18n/area-catalogs')).loadAccountCatalog(onLanguageLoad);

export async function accountPage(ctx: Parameters<typeof requireRegistered>[0]) {
  const guarded = await requireRegistered(ctx);
  await loadAccountCatalog();
  return guarded;
}

/** /settings: any session (guests too), with the account catalog. */
export async function settingsPage(ctx: Parameters<typeof requireAuth>[0]) {
  const guarded = await requireAuth(ctx);
  await loadAccountCatalog();
  return guarded;
}
