// The words of the map screen for a station: price, availability, opening state, age, ports, distance, fuel names.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { ConnectorStandard, FuelType } from '../../../../contract/plain/stations';
import { formatUnitPrice } from '../../../lib/money';
import type { PowerClass } from '../model/filters';
import type { OpeningState } from '../model/opening';
import { type Availability, ageOf, type StationView } from '../model/stations';

export const FUEL_NAMES: Record<FuelType, MessageDescriptor> = {
  'SUPER E5': msg`Super E5`,
  'SUPER E10': msg`Super E10`,
  DIESEL: msg`Diesel`,
  'SUPER PLUS': msg`Super Plus`,
  'SUPER PREMIUM': msg`Super Premium`,
  SUPER: msg`Super`,
  'DIESEL PREMIUM': msg`Diesel Premium`,
  TWO_STROKE_MIX: msg`Two-stroke mix`,
  CNG: msg`CNG`,
  LPG: msg`LPG`,
  'HEATING OIL': msg`Heating oil`,
  ADBLUE: msg`AdBlue`,
  HYDROGEN: msg`Hydrogen`,
  'DIESEL SYNTHETIC': msg`Synthetic diesel`,
  'DIESEL TRUCK': msg`Truck diesel`,
};

export const PLUG_NAMES: Record<ConnectorStandard, MessageDescriptor> = {
  TYPE_1: msg`Type 1`,
  TYPE_2: msg`Type 2`,
  TYPE_3: msg`Type 3`,
  CCS: msg`CCS`,
  SCHUKO: msg`Schuko`,
  CHADEMO: msg`CHAdeMO`,
  OTHER: msg`Other plug`,
  TESLA: msg`Tesla`,
};

// A station's state: context "station", since some languages inflect it by the station's gender (Polish "stacja",
// French "station": Dostępna, Fermée), unlike a pump's.
const AVAILABILITY: Record<Availability, MessageDescriptor> = {
  available: msg({ message: 'Available', context: 'station' }),
  busy: msg`All in use`,
  unavailable: msg({ message: 'Out of order', context: 'station' }),
  closed: msg({ message: 'Closed', context: 'station' }),
  offline: msg`Station offline`,
};

/** The status badge (dot shape and colour) of an availability. */
export const AVAILABILITY_BADGE = {
  available: 'AVAILABLE',
  busy: 'IN_USE',
  unavailable: 'OUT_OF_ORDER',
  closed: 'UNAVAILABLE',
  offline: 'UNAVAILABLE',
} as const satisfies Record<Availability, string>;

export function useMapText() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => mapText(i18n, locale), [i18n, locale]);
}

function mapText(i18n: ReturnType<typeof useLingui>['i18n'], locale: string) {
  const number = (n: number, digits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);

  const text = {
    fuel: (f: FuelType) => i18n._(FUEL_NAMES[f]),
    plug: (p: ConnectorStandard) => i18n._(PLUG_NAMES[p]),
    power: (p: PowerClass) => (p === 'ALL' ? i18n._(msg`All`) : i18n._(msg`${p} kW and more`)),
    availability: (a: Availability) => i18n._(AVAILABILITY[a]),
    /** The marker's text: the price without its unit ("€1.789"), or '' without one. */
    price: (v: StationView) => (v.price ? formatUnitPrice(v.price, locale) : ''),
    unit: (v: StationView) => (v.price?.unit === 'KWH' ? 'kWh' : v.price?.unit === 'KG' ? 'kg' : 'l'),
    distance: (m: number) =>
      m < 1000 ? i18n._(msg`${number(Math.round(m / 10) * 10, 0)} m`) : i18n._(msg`${number(m / 1000)} km`),
    age: (since: number, now: number) => {
      const a = ageOf(since, now);
      const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      return a.unit === 'now' ? rtf.format(0, 'second') : rtf.format(-a.value, a.unit);
    },
    opening: (o: OpeningState) => {
      switch (o.kind) {
        case 'always':
          return i18n._(msg`Open 24 hours`);
        case 'open':
          return i18n._(msg`Open until ${o.closesAt}`);
        case 'closed':
          return i18n._(msg`Closed, opens at ${o.opensAt}`);
        default:
          return '';
      }
    },
    ports: (v: StationView) =>
      v.ports.map((p) => `${i18n._(PLUG_NAMES[p.standard])} ${number(p.power)} kW`).join(' · '),
    pumps: (v: StationView) => {
      const { free, total } = v;
      return v.kind === 'ev'
        ? i18n._(msg({ message: plural(total, { one: `${free} of # port free`, other: `${free} of # ports free` }) }))
        : v.kind === 'wash'
          ? i18n._(msg`Wash bays: ${total}`)
          : i18n._(
              msg({ message: plural(total, { one: `${free} of # pump free`, other: `${free} of # pumps free` }) }),
            );
    },
    /** The marker button's name: its visible text first (WCAG 2.5.3), then the station and its state. */
    markerLabel: (v: StationView) => {
      const price = v.price ? formatUnitPrice(v.price, locale) : '';
      return [price, v.brand, v.address, i18n._(AVAILABILITY[v.availability])].filter(Boolean).join(', ');
    },
    // A cluster holds two stations or more.
    cluster: (count: number) =>
      i18n._(msg({ message: plural(count, { one: '# station, zoom in', other: '# stations, zoom in' }) })),
  };
  return text;
}
