import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../lib/use-online';
import { OfflineIcon } from '../../ui/icons';

/** Offline is a state, not an error: one calm line under the top bar while there is no signal. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <OfflineIcon size={16} aria-hidden="true" />
      <Trans>You are offline</Trans>
    </div>
  );
}
