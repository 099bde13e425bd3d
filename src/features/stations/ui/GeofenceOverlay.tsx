import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { directionsUrl, type GeofenceState } from '../model/geofence';
import { HoldButton } from './HoldButton';

type Props = {
  state: GeofenceState;
  station: { latitude: number; longitude: number };
  onBypass: () => void;
  onReturnToMap: () => void;
};

/** Shown until the driver is within 100 m of the station (pay-flows.md §2 Geofence overlay). */
export function GeofenceOverlay({ state, station, onBypass, onReturnToMap }: Props) {
  const { i18n } = useLingui();
  const titleId = useId();
  if (state.kind === 'near') return null;
  const km =
    state.kind === 'far'
      ? new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(state.distanceM / 1000)
      : '';
  return (
    <>
      <div className="overlay-backdrop" aria-hidden="true" />
      <section className="overlay geofence" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {state.kind === 'locating' ? (
          <>
            <h2 id={titleId}>
              <Trans>Finding your location…</Trans>
            </h2>
            <p>
              <Trans>To pay, you need to be at the station. Please allow location access.</Trans>
            </p>
          </>
        ) : state.kind === 'denied' ? (
          <>
            <h2 id={titleId}>
              <Trans>Location access needed</Trans>
            </h2>
            <p>
              <Trans>
                You have blocked location access. Allow it for this site in your browser settings so we can check that
                you are at the station.
              </Trans>
            </p>
          </>
        ) : state.kind === 'unavailable' ? (
          <>
            <h2 id={titleId}>
              <Trans>Your location is not available</Trans>
            </h2>
            <p>
              <Trans>We could not determine your location. Please check that location services are on.</Trans>
            </p>
          </>
        ) : (
          <>
            <h2 id={titleId}>
              <Trans>You are not at this station</Trans>
            </h2>
            <p>
              <Trans>You are {km} km away. Drive to the station to pay at the pump.</Trans>
            </p>
          </>
        )}
        <div className="actions">
          <HoldButton
            className="button"
            onHeld={onBypass}
            onClick={() => window.open(directionsUrl(station, navigator.userAgent), '_blank', 'noopener')}
          >
            <Trans>Drive to the station</Trans>
          </HoldButton>
          <HoldButton className="button secondary" onHeld={onBypass} onClick={onReturnToMap}>
            <Trans>Return to the map</Trans>
          </HoldButton>
        </div>
      </section>
    </>
  );
}
