import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Button, buttonClass, Spinner } from '../../../ui';
import { MapPinIcon, NavigationIcon, WarningIcon } from '../../../ui/icons';
import { directionsUrl, type GeofenceState } from '../model/geofence';
import { HoldButton } from './HoldButton';
import './stations.css';

type Props = {
  state: GeofenceState;
  station: { latitude: number; longitude: number };
  /** The driver has read why and lets the browser ask for the location. */
  onAllowLocation: () => void;
  onBypass: () => void;
  onReturnToMap: () => void;
};

/**
 * Shown until the driver is within 100 m of the station (pay-flows.md §2 Geofence overlay). Not a BottomSheet on
 * purpose: it cannot be dismissed (no close button, no Escape); only arriving or the 5 s hold lets the driver on.
 */
export function GeofenceOverlay({ state, station, onAllowLocation, onBypass, onReturnToMap }: Props) {
  const { i18n } = useLingui();
  const titleId = useId();
  const textId = useId();
  if (state.kind === 'near') return null;
  const km =
    state.kind === 'far'
      ? new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(state.distanceM / 1000)
      : '';
  return (
    <>
      <div className="geofence-backdrop" aria-hidden="true" />
      <section
        className="geofence-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <span className={`geofence-icon geofence-icon--${state.kind}`} aria-hidden="true">
          {state.kind === 'locating' ? (
            <Spinner size="md" />
          ) : state.kind === 'ask' ? (
            <MapPinIcon size={28} />
          ) : state.kind === 'far' ? (
            <MapPinIcon size={28} />
          ) : (
            <WarningIcon size={28} />
          )}
        </span>
        {state.kind === 'ask' ? (
          <>
            <h2 id={titleId}>
              <Trans>Are you at the station?</Trans>
            </h2>
            <p id={textId}>
              <Trans>
                To pay at the pump you need to be at the station. Your phone's location tells us; it is checked on this
                phone and not stored.
              </Trans>
            </p>
          </>
        ) : state.kind === 'locating' ? (
          <>
            <h2 id={titleId}>
              <Trans>Finding your location…</Trans>
            </h2>
            <p id={textId}>
              <Trans>To pay, you need to be at the station. Please allow location access.</Trans>
            </p>
          </>
        ) : state.kind === 'denied' ? (
          <>
            <h2 id={titleId}>
              <Trans>Location access needed</Trans>
            </h2>
            <p id={textId}>
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
            <p id={textId}>
              <Trans>We could not determine your location. Please check that location services are on.</Trans>
            </p>
          </>
        ) : (
          <>
            <h2 id={titleId}>
              <Trans>You are not at this station</Trans>
            </h2>
            <p id={textId}>
              <Trans>You are {km} km away. Drive to the station to pay at the pump.</Trans>
            </p>
          </>
        )}
        <div className="geofence-actions">
          {state.kind === 'ask' ? (
            <Button size="lg" icon={<MapPinIcon size={20} />} onClick={onAllowLocation}>
              <Trans>Use my location</Trans>
            </Button>
          ) : null}
          <HoldButton
            className={buttonClass({ variant: state.kind === 'ask' ? 'secondary' : 'primary', size: 'lg' })}
            onHeld={onBypass}
            onClick={() => window.open(directionsUrl(station, navigator.userAgent), '_blank', 'noopener')}
          >
            <NavigationIcon size={20} aria-hidden="true" />
            <Trans>Drive to the station</Trans>
          </HoldButton>
          <HoldButton
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
            onHeld={onBypass}
            onClick={onReturnToMap}
          >
            <MapPinIcon size={20} aria-hidden="true" />
            <Trans>Return to the map</Trans>
          </HoldButton>
        </div>
      </section>
    </>
  );
}
