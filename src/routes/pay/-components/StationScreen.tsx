import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Poi, Product } from '../../../../contract/stations';
import { chargersOf, hasWash, pumpsOf, washesOf } from '../../../features/stations/model/pumps';
import { EvPorts } from '../../../features/stations/ui/EvPorts';
import { PumpGrid } from '../../../features/stations/ui/PumpGrid';
import { StationHeader } from '../../../features/stations/ui/StationHeader';
import { Button, chipClass, Notice, Page } from '../../../ui';
import { CarWashIcon, SearchIcon, SettingsIcon, UserIcon } from '../../../ui/icons';

type Props = {
  station: Poi;
  isGuest: boolean;
  /** The station was confirmed online during this visit (choosing needs it). */
  confirmed: boolean;
  online: boolean;
  /** Confirmed, and the driver at the station (or the geofence skipped). */
  canChoose: boolean;
  /** The gift cards the account may buy here (none: no button). */
  giftCards: readonly Product[];
  onChoose: (product: Product) => void;
  onGiftCard: () => void;
  /** Absent: no "Find another station" chip (a host app hides the map link, or the map is not the home). */
  onFindAnother?: () => void;
  /** The page's overlays and dialogs. */
  children?: ReactNode;
};

/**
 * The station's pump selection (pay-flows.md §2, /pay/pump) as the driver sees it: the station, the chips, the pumps,
 * chargers, gift card and car wash. The page's rules (geofence, hints, the guest's choice) stay with the route; the
 * server renders this same screen as a station link's first screen (src/ssr/station-page.tsx).
 */
export function StationScreen({
  station,
  isGuest,
  confirmed,
  online,
  canChoose,
  giftCards,
  onChoose,
  onGiftCard,
  onFindAnother,
  children,
}: Props) {
  const { i18n } = useLingui();
  const ports = chargersOf(station);
  const pumps = pumpsOf(station);
  const washes = washesOf(station);
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
        {onFindAnother ? (
          <button type="button" className={chipClass()} onClick={onFindAnother}>
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
      {ports.length > 0 ? <EvPorts ports={ports} enabled={canChoose} onChoose={onChoose} /> : null}
      {pumps.length > 0 ? (
        <PumpGrid pumps={pumps} withWash={hasWash(station)} enabled={canChoose} onChoose={onChoose} />
      ) : null}
      {giftCards.length > 0 ? (
        <Button variant="secondary" size="lg" disabled={!confirmed} onClick={onGiftCard}>
          <Trans>Buy a gift card</Trans>
        </Button>
      ) : null}
      {washes.length > 0 ? (
        <Button
          variant="secondary"
          size="lg"
          icon={<CarWashIcon size={22} aria-hidden="true" />}
          disabled={!canChoose || washes.every((w) => w.attributes.status !== 'AVAILABLE')}
          onClick={() => onChoose(washes[0]!)}
        >
          <Trans>Car wash</Trans>
        </Button>
      ) : null}
      {children}
    </Page>
  );
}
