// The station map, the driver's home (shell-and-account.md §2.1 /map, §3 Map store, §4 Map geolocation, §5, §7, §9):
// the map (MapLibre, lazily loaded) or the list, the filters, the driver's position followed every 5 s, the search
// area from the visible map (at most 100 km) with "search this area" after panning, and the stations kept in Dexie
// for no signal. Knows nothing of the router: the route passes the search and the links.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { config } from '../../../lib/config';
import { useOnline } from '../../../lib/use-online';
import { Button, Chip, IconButton, Loading, Notice, Skeleton, SkeletonList } from '../../../ui';
import { FilterIcon, ListIcon, MapIcon, NavigationIcon, SearchIcon } from '../../../ui/icons';
import {
  DEFAULT_FUEL,
  DEFAULT_PLUG,
  DEFAULT_POWER,
  filtersToSearch,
  type ListSort,
  type MapFilters,
  type MapSearch,
  resolveFilters,
  type MapView as ViewMode,
} from '../model/filters';
import { DEFAULT_CENTER, LOCATED_ZOOM, locationOff, type Position } from '../model/geolocation';
import { areaFor, MAX_RADIUS_M, needsNewSearch, type SearchArea } from '../model/radius';
import { sortStations, visibleStations } from '../model/stations';
import { useAreaSearch } from '../queries';
import { storedFilters, storeFilters, useKeptStations } from '../store';
import { FilterSheet } from './FilterSheet';
import type { CameraRequest, MapView, MarkerStation } from './MapCanvas';
import { useMapText } from './map-text';
import { StationCard } from './StationCard';
import { StationList } from './StationList';
import { useGeolocation } from './use-geolocation';
import { hasWebGl } from './webgl';
import './map.css';

const MapCanvas = lazy(() => import('./MapCanvas'));

/** The list's search without a map: the stations within 25 km of the driver (or 100 km of the default centre). */
const LIST_RADIUS_M = 25_000;
/** A new fix moves the followed map only when the driver moved this far (GPS jitter is not a move). */
const FOLLOW_MIN_MOVE_DEG = 0.0003;
const WIDE = '(min-width: 56rem)';

type Props = {
  search: MapSearch;
  onSearch: (patch: Partial<MapSearch>) => void;
  payLink: (stationId: string) => ReactNode;
  settingsLink: ReactNode;
};

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(WIDE);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/** Minutes tick: ages ("5 minutes ago") and opening states stay true while the screen is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

/** A map chunk that cannot load (offline before it was cached, a broken GPU driver): fall back to the list. */
class MapBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailure();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function MapScreen({ search, onSearch, payLink, settingsLink }: Props) {
  const { i18n } = useLingui();
  const text = useMapText();
  const online = useOnline();
  const wide = useWide();
  const now = useNow();
  const geo = useGeolocation();
  const [mapFailed, setMapFailed] = useState(() => !hasWebGl());
  const canMap = !mapFailed;
  const view: ViewMode = search.view ?? 'map';
  const showMap = canMap && (wide || view === 'map');
  const showList = !canMap || view === 'list';
  const sort: ListSort = search.sort ?? 'distance';

  // Filters: the URL, else local storage, else the defaults; a change goes to both.
  const stored = useMemo(() => storedFilters(), []);
  const filters = useMemo(() => resolveFilters(search, stored), [search, stored]);
  const [remembered, setRemembered] = useState<{
    fuel?: MapFilters & { mode: 'fuel' };
    ev?: MapFilters & { mode: 'ev' };
  }>(() => ({
    fuel: { mode: 'fuel', fuel: stored?.fuel ?? DEFAULT_FUEL },
    ev: { mode: 'ev', plug: stored?.plug ?? DEFAULT_PLUG, power: stored?.power ?? DEFAULT_POWER },
  }));
  const setFilters = useCallback(
    (next: MapFilters) => {
      storeFilters(next);
      setRemembered((r) => ({ ...r, [next.mode]: next }));
      onSearch(filtersToSearch(next));
    },
    [onSearch],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The search area and the camera.
  const [area, setArea] = useState<SearchArea | null>(null);
  const [visible, setVisible] = useState<SearchArea | null>(null);
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const following = useRef(true);
  const pendingArea = useRef(false);
  const lastFollowed = useRef<Position | null>(null);
  const cameraSeq = useRef(0);
  const moveCamera = useCallback((p: Position, zoom?: number) => {
    cameraSeq.current += 1;
    setCamera({ latitude: p.latitude, longitude: p.longitude, zoom, seq: cameraSeq.current });
  }, []);

  const position = geo.kind === 'located' ? geo.position : null;
  const off = locationOff(geo);

  // Where to look: the driver (followed while they have not moved the map themselves), else the default centre.
  useEffect(() => {
    if (position) {
      const last = lastFollowed.current;
      const first = last === null;
      if (!following.current && !first) return;
      if (
        !first &&
        Math.abs(last.latitude - position.latitude) < FOLLOW_MIN_MOVE_DEG &&
        Math.abs(last.longitude - position.longitude) < FOLLOW_MIN_MOVE_DEG
      )
        return;
      lastFollowed.current = position;
      if (showMap) {
        pendingArea.current = pendingArea.current || first;
        moveCamera(position, first ? LOCATED_ZOOM : undefined);
      } else if (first || !area || needsNewSearch(area, { ...position, radiusM: LIST_RADIUS_M })) {
        setArea({ latitude: position.latitude, longitude: position.longitude, radiusM: LIST_RADIUS_M });
      }
      return;
    }
    if (off && !area) {
      if (showMap) {
        pendingArea.current = true;
        moveCamera(DEFAULT_CENTER, DEFAULT_CENTER.zoom);
      } else {
        setArea({ latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude, radiusM: MAX_RADIUS_M });
      }
    }
  }, [position, off, area, showMap, moveCamera]);

  const onView = useCallback(
    (v: MapView) => {
      const next = areaFor(v.center, v.corners);
      setVisible(next);
      if (v.byUser) following.current = false;
      setArea((current) => {
        if (pendingArea.current) {
          pendingArea.current = false;
          return next;
        }
        if (current === null) return geo.kind === 'locating' ? null : next;
        if (following.current && needsNewSearch(current, next)) return next;
        return current;
      });
    },
    [geo.kind],
  );

  const searchHere = () => {
    if (visible) setArea(visible);
  };
  const locateMe = () => {
    following.current = true;
    if (position) {
      lastFollowed.current = position;
      pendingArea.current = true;
      moveCamera(position, LOCATED_ZOOM);
    }
  };

  const searchQuery = useAreaSearch(area ? { ...area, ev: filters.mode === 'ev' } : null);
  const kept = useKeptStations(area);
  const fromLat = position?.latitude ?? area?.latitude ?? DEFAULT_CENTER.latitude;
  const fromLon = position?.longitude ?? area?.longitude ?? DEFAULT_CENTER.longitude;
  const rows = useMemo(
    () =>
      sortStations(
        visibleStations(kept ?? [], filters, { latitude: fromLat, longitude: fromLon }, new Date(now)),
        sort,
      ),
    [kept, filters, fromLat, fromLon, now, sort],
  );
  const markers: MarkerStation[] = useMemo(
    () =>
      rows.map(({ view: v }) => ({
        id: v.id,
        latitude: v.latitude,
        longitude: v.longitude,
        text: text.price(v),
        label: text.markerLabel(v),
        availability: v.availability,
      })),
    [rows, text],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = rows.find((r) => r.view.id === selectedId) ?? null;
  const newest = (kept ?? []).reduce((m, k) => Math.max(m, k.fetchedAt), 0);
  const offerSearch =
    showMap && area !== null && visible !== null && !following.current && needsNewSearch(area, visible);

  const filterLabel =
    filters.mode === 'fuel' ? text.fuel(filters.fuel) : `${text.plug(filters.plug)} · ${text.power(filters.power)}`;

  return (
    <div
      className={`map-screen${showMap && showList ? ' map-screen--split' : ''}${showMap ? '' : ' map-screen--list'}`}
    >
      <h1 className="visually-hidden">
        <Trans>Find a station</Trans>
      </h1>
      <div className="map-toolbar">
        <Chip
          icon={<FilterIcon size={18} aria-hidden="true" />}
          onClick={() => setFiltersOpen(true)}
          aria-haspopup="dialog"
        >
          <span className="visually-hidden">
            <Trans>Filter:</Trans>{' '}
          </span>
          {filterLabel}
        </Chip>
        {canMap && !wide ? (
          <Chip
            icon={view === 'map' ? <ListIcon size={18} aria-hidden="true" /> : <MapIcon size={18} aria-hidden="true" />}
            onClick={() => onSearch({ view: view === 'map' ? 'list' : 'map' })}
          >
            {view === 'map' ? <Trans>List</Trans> : <Trans>Map</Trans>}
          </Chip>
        ) : null}
        {canMap && wide ? (
          <Chip selected={view === 'list'} onClick={() => onSearch({ view: view === 'list' ? 'map' : 'list' })}>
            <Trans>List</Trans>
          </Chip>
        ) : null}
        <span className="map-toolbar-end">{settingsLink}</span>
      </div>

      <div className="map-notices">
        {!canMap ? (
          <Notice tone="info" live="status">
            <Trans>This device cannot draw the map, so the stations are shown as a list.</Trans>
          </Notice>
        ) : null}
        {geo.kind === 'denied' ? (
          <Notice tone="warning" live="status" title={<Trans>Location access is off</Trans>}>
            <Trans>
              Allow location access in your browser to see the stations around you. Showing the centre of the map.
            </Trans>
          </Notice>
        ) : geo.kind === 'unavailable' ? (
          <Notice tone="warning" live="status" title={<Trans>Location not found</Trans>}>
            <Trans>Your location could not be determined. Showing the centre of the map.</Trans>
          </Notice>
        ) : null}
        {!online ? (
          // The shell's banner says "You are offline"; this says what the map shows meanwhile.
          <Notice tone="info" live="none">
            {newest > 0 ? (
              <Trans>Showing stations saved {text.age(newest, now)}. Prices may have changed.</Trans>
            ) : (
              <Trans>No stations saved for this area yet.</Trans>
            )}
          </Notice>
        ) : searchQuery.isError ? (
          <Notice
            tone="danger"
            live="alert"
            action={
              <Button variant="secondary" size="sm" onClick={() => void searchQuery.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            }
          >
            <Trans>The stations could not be loaded.</Trans>
          </Notice>
        ) : null}
      </div>

      <div className="map-body">
        {showMap ? (
          <div className="map-pane">
            <MapBoundary onFailure={() => setMapFailed(true)}>
              <Suspense
                fallback={
                  <Loading label={i18n._(msg`Loading the map…`)}>
                    <Skeleton className="map-skeleton" />
                  </Loading>
                }
              >
                <MapCanvas
                  styleUrl={config.mapStyleUrl}
                  initial={DEFAULT_CENTER}
                  camera={camera}
                  stations={markers}
                  selectedId={selectedId}
                  user={position}
                  labels={{
                    map: i18n._(msg`Map of stations`),
                    cluster: text.cluster,
                    you: i18n._(msg`Your location`),
                    zoomIn: i18n._(msg`Zoom in`),
                    zoomOut: i18n._(msg`Zoom out`),
                  }}
                  onSelect={setSelectedId}
                  onView={onView}
                  onFailure={() => setMapFailed(true)}
                />
              </Suspense>
            </MapBoundary>
            <div className="map-floating">
              {offerSearch ? (
                <Button size="sm" fullWidth={false} icon={<SearchIcon size={18} />} onClick={searchHere}>
                  <Trans>Search this area</Trans>
                </Button>
              ) : null}
              {geo.kind === 'locating' ? (
                <p className="map-pill" role="status">
                  <Trans>Finding your location…</Trans>
                </p>
              ) : searchQuery.isFetching ? (
                <p className="map-pill" role="status">
                  <Trans>Loading stations…</Trans>
                </p>
              ) : null}
            </div>
            {position ? (
              <IconButton
                className="map-locate"
                variant="outline"
                label={i18n._(msg`Show my location`)}
                icon={<NavigationIcon size={22} />}
                onClick={locateMe}
              />
            ) : null}
          </div>
        ) : null}
        {showList ? (
          <div className="map-list-pane">
            {kept === undefined ||
            (searchQuery.isPending && searchQuery.fetchStatus === 'fetching' && rows.length === 0) ? (
              <Loading label={i18n._(msg`Loading stations…`)}>
                <SkeletonList rows={5} />
              </Loading>
            ) : area === null ? (
              <p className="map-pill" role="status">
                <Trans>Finding your location…</Trans>
              </p>
            ) : (
              <StationList
                rows={rows}
                sort={sort}
                onSort={(s) => onSearch({ sort: s })}
                onOpen={setSelectedId}
                now={now}
              />
            )}
          </div>
        ) : null}
      </div>

      <FilterSheet
        open={filtersOpen}
        filters={filters}
        remembered={remembered}
        onChange={setFilters}
        onClose={() => setFiltersOpen(false)}
      />
      <StationCard station={selected} now={now} onClose={() => setSelectedId(null)} payLink={payLink} />
    </div>
  );
}
