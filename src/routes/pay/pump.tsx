import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { Product } from '../../../contract/stations';
import { PagePending, useContentAfterHtmlPage } from '../../app/html-page';
import { exitContext, MAP_IS_HOME, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { orderGroup } from '../../features/orders/model/search';
import { confirmGuest, isGuestConfirmed, useFeatures, useSession, useUser } from '../../features/session/queries';
import { geofenceState, skipsGeofence } from '../../features/stations/model/geofence';
import { hintFor } from '../../features/stations/model/hints';
import { giftCardsOf, nextStepFor } from '../../features/stations/model/pumps';
import { GeofenceOverlay } from '../../features/stations/ui/GeofenceOverlay';
import { HintScreen } from '../../features/stations/ui/HintScreen';
import { useLocationPolling } from '../../features/stations/ui/use-location';
import { Button, buttonClass, Dialog, Loading, Page, Skeleton, SkeletonText, toast } from '../../ui';
import { InfoIcon, OfflineIcon, UserIcon } from '../../ui/icons';
import { offersGiftCards } from '../-account-page';
import { DialogIcon, ResultHero } from './-components/ResultHero';
import { StationScreen } from './-components/StationScreen';
import { useStation } from './-components/use-station';

export const Route = createFileRoute('/pay/pump')({
  validateSearch: orderGroup,
  component: PumpPage,
});

/** A station link's first screen came as HTML: the pump selection renders in the background behind it (app/html-page). */
function PumpPage() {
  return useContentAfterHtmlPage() ? <PumpSelection /> : <PagePending />;
}

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
  // §6: the account's giftCardShop flag switches the gift-card entry.
  const giftCards = offersGiftCards(isGuest, features.data) ? giftCardsOf(station) : [];
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
    <StationScreen
      station={station}
      isGuest={isGuest}
      onFindAnother={query.hideRydMapLink === undefined && MAP_IS_HOME ? () => leave(exit) : undefined}
      confirmed={confirmed}
      online={online}
      canChoose={canChoose}
      giftCards={giftCards}
      onChoose={choose}
      onGiftCard={() =>
        void navigate({
          to: '/pay/postpay/gift-card',
          search: (prev) => ({ ...prev, orderType: 'POSTPAY', orderId: undefined }),
        })
      }
    >
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
    </StationScreen>
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
