import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { serviceWorker } from '../sw-register';

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(
    (cb) => serviceWorker.subscribe(cb),
    serviceWorker.isWaiting,
    () => false,
  );
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>
        <Trans>A new version of Forecourt Pay is ready.</Trans>
      </span>
      <button type="button" className="button small" onClick={() => serviceWorker.applyUpdate()}>
        <Trans>Update</Trans>
      </button>
    </div>
  );
}
