import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { MAP_IS_HOME, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import type { Product } from '../../contract/stations';
import { orderGroup } from '../../features/orders/model/search';
import { confirmGuest, isGuestConfirmed, useSession } from '../../features/session/queries';
import { geofenceState, skipsGeofence } from '../../features/stations/model/geofence';
import { hintFor } from '../../features/stations/model/hints';
import { chargersOf, hasWash, isWashOnly, nextStepFor, pumpsOf, washesOf } from '../../features/stations/model/pumps';
import { EvPorts } from '../../features/stations/ui/EvPorts';
import { GeofenceOverlay } from '../../features/stations/ui/GeofenceOverlay';
import { HintScreen } from '../../features/stations/ui/HintScreen';
import { PumpGrid } from '../../features/stations/ui/PumpGrid';
import { useLocationPolling } from '../../features/stations/ui/use-location';
import { Dialog } from '../../ui/Dialog';
import { useStation } from './-components/use-station';

export const Route = createFileRoute('/pay/pump')({
  validateSearch: orderGroup,
  component: PumpSelection,
});

const bypassKey = (pid: string) => `geofence-bypass:${pid}`;
const hintKey = (pid: string, kind: string) => `hint-seen:${kind}:${pid}`;

function sessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function setSessionFlag(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Private mode without storage: the flag lasts for this page only.
  }
}

function PumpSelection() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const pid = query.pid ?? '';
  const navigate = useNavigate();
  const leave = useLeave();
  const { pathname } = useLocation();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const { station, confirmed, online, loading } = useStation(pid, query);
  const [bypassed, setBypassed] = useState(() => sessionFlag(bypassKey(pid)));
  const [hintClosed, setHintClosed] = useState<string | null>(null);
  const [guestChoice, setGuestChoice] = useState<Product | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const guestTitle = useId();
  const unavailableTitle = useId();

  const hint = station ? hintFor(station) : null;
  const showHint = hint !== null && hintClosed !== hint && !sessionFlag(hintKey(pid, hint));
  const geofenceActive = !!station && !showHint && !skipsGeofence({ station, path: pathname, query, bypassed });
  const reading = useLocationPolling(geofenceActive);

  if (!station) {
    return (
      <section className="page center" aria-busy={loading}>
        <p className="lead">{online ? <Trans>Loading the station…</Trans> : <Trans>You are offline</Trans>}</p>
      </section>
    );
  }

  if (showHint && hint) {
    return (
      <HintScreen
        kind={hint}
        onClose={() => {
          setSessionFlag(hintKey(pid, hint));
          setHintClosed(hint);
        }}
      />
    );
  }

  const exit = leaveTarget(query, { callback: 'hideMapLink', origin: window.location.origin });
  const geofence = geofenceActive ? geofenceState(reading, station.location) : { kind: 'near' as const };
  const ports = chargersOf(station);
  const pumps = pumpsOf(station);
  const washes = washesOf(station);
  const withWash = hasWash(station);
  const address = station.location.address;
  // Choosing needs a station confirmed online and the driver at it (or the geofence skipped or bypassed).
  const canChoose = confirmed && geofence.kind === 'near';

  function proceed(product: Product) {
    const next = nextStepFor(station!, product);
    if (next.kind === 'prepay') {
      void navigate({
        to: '/pay/prepay/fuelselection',
        search: (prev) => ({ ...prev, productId: next.productId, orderType: 'PREPAY' }),
      });
      return;
    }
    // Postpay, wash and EV flows are not in this version yet: say so instead of a dead end.
    setUnavailable(true);
  }

  // "A guest modal offers to continue as guest or log in" — once: a guest who chose to go on is not asked again.
  function choose(product: Product) {
    if (isGuest && !isGuestConfirmed()) setGuestChoice(product);
    else proceed(product);
  }

  return (
    <div className="page station">
      <header className="station-header">
        <div className="station-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            {isWashOnly(station) ? (
              <path
                fill="currentColor"
                d="M5 11l1.5-4.5h11L19 11v8h-2v-2H7v2H5zm2.3-2h9.4l-.7-2H8zM12 1s-2 2.5-2 3.5a2 2 0 0 0 4 0C14 3.5 12 1 12 1z"
              />
            ) : (
              <path fill="currentColor" d="M5 3h9v18H5zM7 5v5h5V5zM16 7l3 3v8a1.5 1.5 0 0 1-3 0v-4h-1v-2h3v-4l-2-2z" />
            )}
          </svg>
        </div>
        <div>
          <p className="station-brand">{station.brand}</p>
          <p className="station-address">
            {address.street} {address.houseNumber}, {address.zip} {address.city}
          </p>
        </div>
      </header>
      <nav className="station-actions" aria-label={i18n._(msg`Station`)}>
        {isGuest ? (
          <Link to="/login" className="chip">
            <Trans>Profile</Trans>
          </Link>
        ) : null}
        <Link to="/settings" className="chip">
          <Trans>Settings</Trans>
        </Link>
        {query.hideRydMapLink === undefined && MAP_IS_HOME ? (
          <button type="button" className="chip" onClick={() => leave(exit)}>
            <Trans>Find another station</Trans>
          </button>
        ) : null}
      </nav>
      <h1>{ports.length > 0 ? <Trans>Select plug</Trans> : <Trans>Select pump</Trans>}</h1>
      {!confirmed ? (
        <p className="notice" role="status">
          {online ? (
            station.status === 'OFFLINE' ? (
              <Trans>This station is offline at the moment.</Trans>
            ) : (
              <Trans>Checking the station…</Trans>
            )
          ) : (
            <Trans>
              You are offline. This may be out of date; you can choose a pump once the station is confirmed online.
            </Trans>
          )}
        </p>
      ) : null}
      {ports.length > 0 ? <EvPorts ports={ports} enabled={canChoose} onChoose={choose} /> : null}
      {pumps.length > 0 ? <PumpGrid pumps={pumps} withWash={withWash} enabled={canChoose} onChoose={choose} /> : null}
      {washes.length > 0 ? (
        <button
          type="button"
          className="button secondary wash-button"
          disabled={!canChoose || washes.every((w) => w.attributes.status !== 'AVAILABLE')}
          onClick={() => choose(washes[0]!)}
        >
          <Trans>Car wash</Trans>
        </button>
      ) : null}

      <GeofenceOverlay
        state={geofence}
        station={station.location}
        onBypass={() => {
          setSessionFlag(bypassKey(pid));
          setBypassed(true);
        }}
        onReturnToMap={() => leave(exit)}
      />

      <Dialog open={guestChoice !== null} onClose={() => setGuestChoice(null)} labelledBy={guestTitle}>
        <h2 id={guestTitle}>
          <Trans>You are not logged in</Trans>
        </h2>
        <p>
          <Trans>As a guest you pay with Google Pay or Apple Pay. Log in to use your saved cards.</Trans>
        </p>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              const product = guestChoice;
              setGuestChoice(null);
              confirmGuest();
              if (product) proceed(product);
            }}
          >
            <Trans>Continue as guest</Trans>
          </button>
          <Link to="/login" className="button secondary">
            <Trans>Log in</Trans>
          </Link>
        </div>
      </Dialog>
      <Dialog open={unavailable} onClose={() => setUnavailable(false)} labelledBy={unavailableTitle}>
        <h2 id={unavailableTitle}>
          <Trans>Not available yet</Trans>
        </h2>
        <p>
          <Trans>Paying for this in the app is not available in this version yet. Please pay at the till.</Trans>
        </p>
        <button type="button" className="button" onClick={() => setUnavailable(false)}>
          <Trans>OK</Trans>
        </button>
      </Dialog>
    </div>
  );
}
