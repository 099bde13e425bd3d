import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../lib/use-online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <Trans>You are offline</Trans>
    </div>
  );
}
