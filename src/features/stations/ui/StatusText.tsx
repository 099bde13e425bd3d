import { Trans } from '@lingui/react/macro';
import type { Product } from '../../../../contract/stations';

/**
 * A pump's or a charger's status. Chargers have their own message context: the words agree with the device's
 * grammatical gender in some languages (Polish: "Dystrybutor dostępny" but "Ładowarka dostępna").
 */
export function StatusText({
  status,
  device,
}: {
  status: Product['attributes']['status'];
  device: 'pump' | 'charger';
}) {
  if (device === 'charger') {
    switch (status) {
      case 'AVAILABLE':
        return <Trans context="charger">Available</Trans>;
      case 'IN_USE':
        return <Trans context="charger">In use</Trans>;
      case 'OUT_OF_ORDER':
        return <Trans context="charger">Out of order</Trans>;
      case 'UNAVAILABLE':
        return <Trans context="charger">Unavailable</Trans>;
    }
  }
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
