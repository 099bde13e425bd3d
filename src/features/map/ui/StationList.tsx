// The list view (beside the map on a wide screen, instead of it on a phone or without WebGL): the same stations and
// filters, sorted by distance or by price. One row per station; a row opens the same station card as a marker.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Chip, ChipGroup, EmptyState, List, ListItem, Money, StatusBadge } from '../../../ui';
import { CarWashIcon, EvPlugIcon, FuelIcon, MapPinIcon } from '../../../ui/icons';
import type { ListSort } from '../model/filters';
import type { StationView } from '../model/stations';
import { AVAILABILITY_BADGE, useMapText } from './map-text';

type Row = { view: StationView; distanceM: number; fetchedAt: number };

type Props = {
  rows: readonly Row[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  onOpen: (id: string) => void;
  now: number;
};

/** At most this many rows: the nearest (or cheapest) of a 100 km search are what a driver scrolls through. */
const MAX_ROWS = 100;

export function StationList({ rows, sort, onSort, onOpen, now }: Props) {
  const { i18n } = useLingui();
  const text = useMapText();
  return (
    <section className="map-list" aria-label={i18n._(msg`Stations as a list`)}>
      <ChipGroup label={i18n._(msg`Sort stations`)}>
        <Chip selected={sort === 'distance'} onClick={() => onSort('distance')}>
          <Trans>Nearest</Trans>
        </Chip>
        <Chip selected={sort === 'price'} onClick={() => onSort('price')}>
          <Trans>Cheapest</Trans>
        </Chip>
      </ChipGroup>
      {rows.length === 0 ? (
        <EmptyState
          icon={<MapPinIcon size={32} />}
          title={<Trans>No stations here</Trans>}
          description={<Trans>Move the map or change the filter to find stations.</Trans>}
        />
      ) : (
        <List header={<Trans>Stations found: {rows.length}</Trans>}>
          {rows.slice(0, MAX_ROWS).map(({ view: v, distanceM, fetchedAt }) => (
            <ListItem
              key={v.id}
              onClick={() => onOpen(v.id)}
              leading={
                v.kind === 'ev' ? (
                  <EvPlugIcon size={22} aria-hidden="true" />
                ) : v.kind === 'wash' ? (
                  <CarWashIcon size={22} aria-hidden="true" />
                ) : (
                  <FuelIcon size={22} aria-hidden="true" />
                )
              }
              title={v.name}
              subtitle={
                <>
                  <span className="map-nowrap">{text.distance(distanceM)}</span> · {v.address}
                  <br />
                  <StatusBadge status={AVAILABILITY_BADGE[v.availability]}>
                    {text.availability(v.availability)}
                  </StatusBadge>
                  {v.ports.length > 0 ? <> · {text.ports(v)}</> : null}
                  {v.price?.updatedAt ? (
                    <>
                      {' · '}
                      <Trans>price {text.age(Date.parse(v.price.updatedAt), now)}</Trans>
                    </>
                  ) : null}
                  {now - fetchedAt > 10 * 60_000 ? (
                    <>
                      {' · '}
                      <Trans>saved {text.age(fetchedAt, now)}</Trans>
                    </>
                  ) : null}
                </>
              }
              // The filter names the fuel; only a kWh price says its unit (the row is narrow at 360 px).
              trailing={
                v.price ? (
                  <Money value={v.price} variant="unit" per={v.price.unit === 'KWH' ? 'kWh' : undefined} />
                ) : undefined
              }
              chevron
            />
          ))}
        </List>
      )}
    </section>
  );
}
