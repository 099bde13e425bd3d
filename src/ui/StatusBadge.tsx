import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type DeviceStatus = 'AVAILABLE' | 'IN_USE' | 'OUT_OF_ORDER' | 'UNAVAILABLE';

/**
 * A pump's or charger's status: a dot whose shape differs by status, and always the word. Pass the word as children
 * where it must agree with the device (features/stations StatusText); the default is the pump's.
 */
export function StatusBadge({
  status,
  children,
  className,
}: {
  status: DeviceStatus;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <span className={cx('ui-status', `ui-status--${status.toLowerCase().replace(/_/g, '-')}`, className)}>
      <span className="ui-status-dot" aria-hidden="true" />
      <span className="ui-status-text">{children ?? <DefaultText status={status} />}</span>
    </span>
  );
}

function DefaultText({ status }: { status: DeviceStatus }) {
  switch (status) {
    case 'AVAILABLE':
      return <Trans>Available</Trans>;
    case 'IN_USE':
      return <Trans>In use</Trans>;
    case 'OUT_OF_ORDER':
      return <Trans>Out of order</Trans>;
    case 'UNAVAILABLE':
      return <Trans>Unavailable</Trans>;
  }
}
