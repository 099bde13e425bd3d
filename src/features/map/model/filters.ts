// The map's filters (shell-and-account.md §3 "Map store", §9): a fuel type, or EV mode with a plug type and a power
// class. Kept in the URL (the route's validateSearch) and in local storage; the URL wins, then storage, then defaults.
import {
  CONNECTOR_STANDARDS,
  type ConnectorStandard,
  FUEL_TYPES,
  type FuelType,
} from '../../../../contract/plain/stations';
import { type Field, type Infer, oneOf, searchObject } from '../../../lib/search-schema';

/** "Default fuel filter SUPER E5." */
export const DEFAULT_FUEL: FuelType = 'SUPER E5';
/** "EV default plug CCS, power All." */
export const DEFAULT_PLUG: ConnectorStandard = 'CCS';
/** Power classes: "All", or a port of at least this many kW. */
export const POWER_CLASSES = ['ALL', '11', '22', '50', '150'] as const;
export type PowerClass = (typeof POWER_CLASSES)[number];
export const DEFAULT_POWER: PowerClass = 'ALL';

export { CONNECTOR_STANDARDS, FUEL_TYPES };

export type MapFilters = { mode: 'fuel'; fuel: FuelType } | { mode: 'ev'; plug: ConnectorStandard; power: PowerClass };

export const DEFAULT_FILTERS: MapFilters = { mode: 'fuel', fuel: DEFAULT_FUEL };

/** How the stations are shown: the map, or the list (beside the map on a wide screen). */
export const VIEWS = ['map', 'list'] as const;
export type MapView = (typeof VIEWS)[number];
export const SORTS = ['distance', 'price'] as const;
export type ListSort = (typeof SORTS)[number];

/**
 * EV mode in the URL: the router parses a typed `?ev=true` to the boolean true, and keeps the string 'true' of an
 * older link (`?ev=%22true%22`); both are read, as a boolean, and anything else is dropped.
 */
const evFlag: Field<boolean | 'true' | 'false' | undefined, boolean | undefined> = (value: unknown) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

/** The map's own query keys; anything malformed is dropped (catch), never an error page. */
export const mapSearch = searchObject({
  fuel: oneOf(FUEL_TYPES),
  ev: evFlag,
  plug: oneOf(CONNECTOR_STANDARDS),
  power: oneOf(POWER_CLASSES),
  view: oneOf(VIEWS),
  sort: oneOf(SORTS),
});
export type MapSearch = Infer<typeof mapSearch>;

/** What local storage holds (the last filters the driver chose). */
export type StoredFilters = {
  mode: 'fuel' | 'ev';
  fuel?: FuelType | undefined;
  plug?: ConnectorStandard | undefined;
  power?: PowerClass | undefined;
};

const isOneOf = (values: readonly string[], value: unknown) => value === undefined || values.includes(value as string);

/** The stored filters as written, or null when anything in them is off (a mode missing, an unknown value). */
function readStoredFilters(value: unknown): StoredFilters | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { mode, fuel, plug, power } = value as Record<string, unknown>;
  if (mode !== 'fuel' && mode !== 'ev') return null;
  if (!isOneOf(FUEL_TYPES, fuel) || !isOneOf(CONNECTOR_STANDARDS, plug) || !isOneOf(POWER_CLASSES, power)) return null;
  const stored: StoredFilters = { mode };
  if (fuel !== undefined) stored.fuel = fuel as FuelType;
  if (plug !== undefined) stored.plug = plug as ConnectorStandard;
  if (power !== undefined) stored.power = power as PowerClass;
  return stored;
}

/** The filters in force: those of the URL, else the stored ones, else the defaults. */
export function resolveFilters(search: MapSearch, stored: StoredFilters | null): MapFilters {
  const urlSays = search.ev !== undefined || search.fuel !== undefined || search.plug || search.power;
  if (urlSays) {
    if (search.ev === true || (search.ev === undefined && (search.plug || search.power)))
      return {
        mode: 'ev',
        plug: search.plug ?? stored?.plug ?? DEFAULT_PLUG,
        power: search.power ?? stored?.power ?? DEFAULT_POWER,
      };
    return { mode: 'fuel', fuel: search.fuel ?? stored?.fuel ?? DEFAULT_FUEL };
  }
  if (stored?.mode === 'ev')
    return { mode: 'ev', plug: stored.plug ?? DEFAULT_PLUG, power: stored.power ?? DEFAULT_POWER };
  if (stored) return { mode: 'fuel', fuel: stored.fuel ?? DEFAULT_FUEL };
  return DEFAULT_FILTERS;
}

/** The URL keys of a set of filters (the other mode's keys are cleared). */
export function filtersToSearch(filters: MapFilters): Pick<MapSearch, 'fuel' | 'ev' | 'plug' | 'power'> {
  if (filters.mode === 'ev') return { ev: true, plug: filters.plug, power: filters.power, fuel: undefined };
  return { fuel: filters.fuel, ev: undefined, plug: undefined, power: undefined };
}

/** What to store: the current filters, keeping the other mode's last choice for when the driver switches back. */
export function filtersToStore(filters: MapFilters, previous: StoredFilters | null): StoredFilters {
  if (filters.mode === 'ev') return { ...previous, mode: 'ev', plug: filters.plug, power: filters.power };
  return { ...previous, mode: 'fuel', fuel: filters.fuel };
}

/** Reads stored filters; anything unreadable counts as none. */
export function parseStoredFilters(raw: string | null): StoredFilters | null {
  if (!raw) return null;
  try {
    return readStoredFilters(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The minimum power in kW of a class (0 for All). */
export function minPowerKw(power: PowerClass): number {
  return power === 'ALL' ? 0 : Number(power);
}
