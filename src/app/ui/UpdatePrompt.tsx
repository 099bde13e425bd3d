import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Button } from '../../ui';
import { serviceWorker } from '../sw-register';

/** A new version waits until the driver says so: never mid-payment (sw-register.ts). */
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
      <Button size="sm" fullWidth={false} onClick={() => serviceWorker.applyUpdate()}>
        <Trans>Update</Trans>
      </Button>
    </div>
  );
}
