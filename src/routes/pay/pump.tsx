import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { exitContext, MAP_IS_HOME, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import type { Product } from '../../contract/stations';
import { orderGroup } from '../../features/orders/model/search';
import { confirmGuest, isGuestConfirmed, useFeatures, useSession, useUser } from '../../features/session/queries';
import { geofenceState, skipsGeofence } from '../../features/stations/model/geofence';
import { hintFor } from '../../features/stations/model/hints';
import { chargersOf, hasWash, nextStepFor, pumpsOf, washesOf } from '../../features/stations/model/pumps';
import { EvPorts } from '../../features/stations/ui/EvPorts';
import { GeofenceOverlay } from '../../features/stations/ui/GeofenceOverlay';
import { HintScreen } from '../../features/stations/ui/HintScreen';
import { PumpGrid } from '../../features/stations/ui/PumpGrid';
import { StationHeader } from '../../features/stations/ui/StationHeader';
import { useLocationPolling } from '../../features/stations/ui/use-location';
import { Button, buttonClass, chipClass, Dialog, Loading, Notice, Page, Skeleton, SkeletonText, toast } from '../../ui';
import { CarWashIcon, InfoIcon, OfflineIcon, SearchIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { offersGiftCards } from '../-account-page';
import { DialogIcon, ResultHero } from './-components/ResultHero';
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
  const features = useFeatures(useUser(isGuest ? null : record?.userId).data?.accountId);
  const { station, confirmed, online } = useStation(pid, query);
  const [bypassed, setBypassed] = useState(() => sessionFlag(bypassKey(pid)));
  const [hintClosed, setHintClosed] = useState<string | null>(null);
  const [guestChoice, setGuestChoice] = useState<Product | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const guestTitle = useId();
  const unavailableTitle = useId();

  const hint = station ? hintFor(station) : null;
  const showHint = hint !== null && hintClosed !== hint && !sessionFlag(hintKey(pid, hint));
  const geofenceActive = !!station && !showHint && !skipsGeofence({ station, path: pathname, query, bypassed });
  const { reading, allow: allowLocation } = useLocationPolling(geofenceActive);

  // Back from no signal: the notice goes and the pumps wake up; a toast says why.
  const [wasOffline, setWasOffline] = useState(false);
  useEffect(() => {
    if (!online) setWasOffline(true);
  }, [online]);
  useEffect(() => {
    if (!wasOffline || !confirmed) return;
    setWasOffline(false);
    toast.show({ text: i18n._(msg`Back online: the station is up to date.`), tone: 'success' });
  }, [wasOffline, confirmed, i18n]);

  if (!station) {
    return online ? <StationSkeleton /> : <StationUnreachable />;
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

  const exit = leaveTarget(query, { callback: 'hideMapLink', ...exitContext() });
  const geofence = geofenceActive ? geofenceState(reading, station.location) : { kind: 'near' as const };
  const ports = chargersOf(station);
  const pumps = pumpsOf(station);
  const washes = washesOf(station);
  // §6: the account's giftCardShop flag switches the gift-card entry.
  const giftCards = offersGiftCards(isGuest, features.data)
    ? station.products.filter((p) => p.type === 'GIFT_CARD')
    : [];
  const withWash = hasWash(station);
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
    if (next.kind === 'wash') {
      void navigate({
        to: '/pay/postpay/wash',
        search: (prev) => ({ ...prev, isWash: 'true', orderType: 'POSTPAY', orderId: undefined }),
      });
      return;
    }
    if (next.kind === 'postpay') {
      void navigate({
        to: '/pay/postpay/fueling',
        search: (prev) => ({ ...prev, productId: next.productId, orderType: 'POSTPAY', orderId: undefined }),
      });
      return;
    }
    if (next.kind === 'ev') {
      void navigate({
        to: '/pay/prepay/ev/summary',
        search: (prev) => ({
          ...prev,
          productId: next.productId,
          fuelTypeId: next.fuelTypeId,
          orderType: 'PREPAY',
          orderId: undefined,
        }),
      });
      return;
    }
    // Anything else (a gift card station comes later): say so instead of a dead end.
    setUnavailable(true);
  }

  // "A guest modal offers to continue as guest or log in" — once: a guest who chose to go on is not asked again.
  function choose(product: Product) {
    if (isGuest && !isGuestConfirmed()) setGuestChoice(product);
    else proceed(product);
  }

  return (
    <Page className="station-page">
      <StationHeader station={station} />
      <nav className="chip-group" aria-label={i18n._(msg`Station`)}>
        {isGuest ? (
          <Link to="/login" className={chipClass()}>
            <UserIcon size={18} aria-hidden="true" />
            <Trans>Profile</Trans>
          </Link>
        ) : null}
        <Link to="/settings" className={chipClass()}>
          <SettingsIcon size={18} aria-hidden="true" />
          <Trans>Settings</Trans>
        </Link>
        {query.hideRydMapLink === undefined && MAP_IS_HOME ? (
          <button type="button" className={chipClass()} onClick={() => leave(exit)}>
            <SearchIcon size={18} aria-hidden="true" />
            <Trans>Find another station</Trans>
          </button>
        ) : null}
      </nav>
      <header className="station-title">
        <h1>{ports.length > 0 ? <Trans>Select plug</Trans> : <Trans>Select pump</Trans>}</h1>
        {pumps.length > 0 || ports.length > 0 ? (
          <p>
            {ports.length > 0 ? (
              <Trans>Choose the charger your car is parked at.</Trans>
            ) : (
              <Trans>Tap the number shown on your pump.</Trans>
            )}
          </p>
        ) : null}
      </header>
      {!confirmed ? (
        online ? (
          station.status === 'OFFLINE' ? (
            <Notice tone="warning">
              <Trans>This station is offline at the moment.</Trans>
            </Notice>
          ) : (
            <Notice tone="info">
              <Trans>Checking the station…</Trans>
            </Notice>
          )
        ) : (
          <Notice tone="warning">
            <Trans>
              You are offline. This may be out of date; you can choose a pump once the station is confirmed online.
            </Trans>
          </Notice>
        )
      ) : null}
      {ports.length > 0 ? <EvPorts ports={ports} enabled={canChoose} onChoose={choose} /> : null}
      {pumps.length > 0 ? <PumpGrid pumps={pumps} withWash={withWash} enabled={canChoose} onChoose={choose} /> : null}
      {giftCards.length > 0 ? (
        <Button
          variant="secondary"
          size="lg"
          disabled={!confirmed}
          onClick={() =>
            void navigate({
              to: '/pay/postpay/gift-card',
              search: (prev) => ({ ...prev, orderType: 'POSTPAY', orderId: undefined }),
            })
          }
        >
          <Trans>Buy a gift card</Trans>
        </Button>
      ) : null}
      {washes.length > 0 ? (
        <Button
          variant="secondary"
          size="lg"
          icon={<CarWashIcon size={22} aria-hidden="true" />}
          disabled={!canChoose || washes.every((w) => w.attributes.status !== 'AVAILABLE')}
          onClick={() => choose(washes[0]!)}
        >
          <Trans>Car wash</Trans>
        </Button>
      ) : null}

      <GeofenceOverlay
        state={geofence}
        station={station.location}
        onAllowLocation={allowLocation}
        onBypass={() => {
          setSessionFlag(bypassKey(pid));
          setBypassed(true);
        }}
        onReturnToMap={() => leave(exit)}
      />

      <Dialog open={guestChoice !== null} onClose={() => setGuestChoice(null)} labelledBy={guestTitle}>
        <DialogIcon>
          <UserIcon size={28} />
        </DialogIcon>
        <h2 id={guestTitle}>
          <Trans>You are not logged in</Trans>
        </h2>
        <p>
          <Trans>As a guest you pay with Google Pay or Apple Pay. Log in to use your saved cards.</Trans>
        </p>
        <div className="actions">
          <Button
            onClick={() => {
              const product = guestChoice;
              setGuestChoice(null);
              confirmGuest();
              if (product) proceed(product);
            }}
          >
            <Trans>Continue as guest</Trans>
          </Button>
          <Link to="/login" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Log in</Trans>
          </Link>
        </div>
      </Dialog>
      <Dialog open={unavailable} onClose={() => setUnavailable(false)} labelledBy={unavailableTitle}>
        <DialogIcon>
          <InfoIcon size={28} />
        </DialogIcon>
        <h2 id={unavailableTitle}>
          <Trans>Not available yet</Trans>
        </h2>
        <p>
          <Trans>Paying for this in the app is not available in this version yet. Please pay at the till.</Trans>
        </p>
        <Button onClick={() => setUnavailable(false)}>
          <Trans>OK</Trans>
        </Button>
      </Dialog>
    </Page>
  );
}

/** The station's shape while it loads: header, chips, title and a page of pump tiles. */
function StationSkeleton() {
  const { i18n } = useLingui();
  return (
    <Page className="station-page">
      <Loading label={i18n._(msg`Loading the station…`)}>
        <div className="station-skeleton">
          <Skeleton height="5.25rem" radius="var(--radius-lg)" />
          <div className="station-skeleton-chips">
            <Skeleton width="6.5rem" height="2.5rem" radius="var(--radius-full)" />
          </div>
          <SkeletonText lines={1} size="title" />
          <div className="station-skeleton-tiles">
            {SKELETON_TILES.map((key) => (
              <Skeleton key={key} height="6.5rem" radius="var(--radius-lg)" />
            ))}
          </div>
        </div>
      </Loading>
    </Page>
  );
}
const SKELETON_TILES = ['a', 'b', 'c', 'd', 'e', 'f'];

/** No signal and no copy of the station on the phone. */
function StationUnreachable() {
  return (
    <Page align="center">
      <ResultHero icon={<OfflineIcon size={36} />} tone="warning" title={<Trans>You are offline</Trans>}>
        <Trans>The station could not be loaded. It appears here as soon as you have signal again.</Trans>
      </ResultHero>
    </Page>
  );
}
