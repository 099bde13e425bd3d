// The bottom card of a tapped station: brand, address, distance, price with its age, opening state, pumps or ports,
// and the two ways on: "Pay here" (the station shell) and "Route" (a maps app, as the geofence does).
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BottomSheet, buttonClass, Money, StatusBadge } from '../../../ui';
import { ClockIcon, FuelIcon, MapPinIcon } from '../../../ui/icons';
import { directionsUrl } from '../../stations/model/geofence';
import type { StationView } from '../model/stations';
import { AVAILABILITY_BADGE, useMapText } from './map-text';

type Props = {
  station: { view: StationView; distanceM: number; fetchedAt: number } | null;
  now: number;
  onClose: () => void;
  /** The "Pay here" action, a router link made by the route (typed navigation to /pay with the pid). */
  payLink: (stationId: string) => ReactNode;
};

export function StationCard({ station, now, onClose, payLink }: Props) {
  const text = useMapText();
  const v = station?.view;
  return (
    <BottomSheet
      open={!!station}
      onClose={onClose}
      title={v ? v.name : ''}
      description={v ? v.brand : undefined}
      footer={
        v ? (
          <div className="map-card-actions">
            {payLink(v.id)}
            <a
              className={buttonClass({ variant: 'secondary' })}
              href={directionsUrl(v, navigator.userAgent)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Trans>Route</Trans>
            </a>
          </div>
        ) : null
      }
    >
      {v && station ? (
        <>
          <dl className="map-card">
            <CardRow icon={<MapPinIcon size={18} aria-hidden="true" />} term={<Trans>Address</Trans>}>
              {v.address} · <span className="map-nowrap">{text.distance(station.distanceM)}</span>
            </CardRow>
            <CardRow icon={<FuelIcon size={18} aria-hidden="true" />} term={<Trans>Price</Trans>}>
              {v.price ? (
                <>
                  <Money value={v.price} variant="unit" per={text.unit(v)} size="lg" />{' '}
                  <span className="map-card-muted">
                    {v.price.updatedAt ? (
                      <Trans>updated {text.age(Date.parse(v.price.updatedAt), now)}</Trans>
                    ) : (
                      <Trans>as of {text.age(station.fetchedAt, now)}</Trans>
                    )}
                  </span>
                </>
              ) : (
                <Trans>No price for this filter</Trans>
              )}
            </CardRow>
            <CardRow icon={<ClockIcon size={18} aria-hidden="true" />} term={<Trans>Opening hours</Trans>}>
              {text.opening(v.opening) || <Trans>Opening hours not known</Trans>}
            </CardRow>
            <CardRow icon={null} term={<Trans>Availability</Trans>}>
              <StatusBadge status={AVAILABILITY_BADGE[v.availability]}>{text.availability(v.availability)}</StatusBadge>{' '}
              {text.pumps(v)}
            </CardRow>
            {v.ports.length > 0 ? (
              <div className="map-card-row">
                <dt>
                  <Trans>Ports</Trans>
                </dt>
                <dd>{text.ports(v)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="map-card-muted">
            <Trans>Station data loaded {text.age(station.fetchedAt, now)}</Trans>
          </p>
        </>
      ) : null}
    </BottomSheet>
  );
}

/** One line of the card: an icon, the term for screen readers, the value. */
function CardRow({ icon, term, children }: { icon: ReactNode; term: ReactNode; children: ReactNode }) {
  return (
    <div className="map-card-row">
      <dt>
        {icon}
        <span className="visually-hidden">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
