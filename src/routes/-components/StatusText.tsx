import { Trans } from '@lingui/react/macro';
import type { Product } from '../../contract/stations';

export function StatusText({ status }: { status: Product['attributes']['status'] }) {
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
