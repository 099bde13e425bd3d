import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isUnderMaintenance } from '../../app/maintenance';
import { MaintenanceIcon } from '../../features/session/ui/icons';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { Button, Notice } from '../../ui';

export const Route = createFileRoute('/(public)/maintenance')({
  component: Maintenance,
});

function Maintenance() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [still, setStill] = useState(false);
  async function retry() {
    setChecking(true);
    const down = await isUnderMaintenance();
    setChecking(false);
    setStill(down);
    if (!down) await navigate({ to: '/' });
  }
  return (
    <StatusScreen
      tone="warning"
      icon={<MaintenanceIcon size={36} />}
      title={<Trans>We are improving Forecourt Pay</Trans>}
      actions={
        <Button size="lg" loading={checking} onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      }
      extra={
        // Always in the page, so the sentence is announced when it appears after a retry.
        <div role="status" className="status-screen-notice">
          {still ? (
            <Notice tone="info" live="none">
              <Trans>Maintenance is still in progress.</Trans>
            </Notice>
          ) : null}
        </div>
      }
    >
      <p>
        <Trans>The app is down for maintenance. Please try again in a few minutes or pay at the till.</Trans>
      </p>
    </StatusScreen>
  );
}
