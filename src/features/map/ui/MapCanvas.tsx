// The ONLY module that imports maplibre-gl (STACK.md): loaded lazily by MapScreen, so the landing page and the pay
// flow never load the ~440 KiB of map code (scripts/budget.mjs checks the chunk graph). Stations are a clustered
// GeoJSON source; each cluster and station is drawn as an HTML button marker (labelled, focusable, coloured by
// availability, with the selected fuel's price) synced to the source's features after every render.
import 'maplibre-gl/dist/maplibre-gl.css';
import {
  AttributionControl,
  type GeoJSONSource,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import type { Availability } from '../model/stations';

// A same-origin module worker from the build (CSP worker-src 'self', no blob: worker).
setWorkerUrl(workerUrl);

export type MarkerStation = {
  id: string;
  latitude: number;
  longitude: number;
  /** Short text on the marker (the price), or '' for an icon-only marker. */
  text: string;
  /** The button's accessible name: brand, price, availability. */
  label: string;
  availability: Availability;
};

export type MapView = {
  center: { latitude: number; longitude: number };
  corners: { latitude: number; longitude: number }[];
  zoom: number;
  /** The driver moved the map (a drag, a pinch, a cluster opened), not the app. */
  byUser: boolean;
};

/** Where the app moves the map; without a zoom the current one stays. */
export type CameraRequest = { latitude: number; longitude: number; zoom?: number | undefined; seq: number };

type Props = {
  styleUrl: string;
  initial: { latitude: number; longitude: number; zoom: number };
  camera: CameraRequest | null;
  stations: readonly MarkerStation[];
  selectedId: string | null;
  user: { latitude: number; longitude: number } | null;
  labels: {
    map: string;
    cluster: (count: number) => string;
    you: string;
    zoomIn: string;
    zoomOut: string;
  };
  onSelect: (id: string) => void;
  onView: (view: MapView) => void;
  /** WebGL could not start or was lost for good: the screen falls back to the list. */
  onFailure: () => void;
};

const SOURCE = 'stations';

function toGeoJson(stations: readonly MarkerStation[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: stations.map((s) => ({
      type: 'Feature',
      id: s.id,
      properties: { id: s.id, text: s.text, label: s.label, availability: s.availability },
      geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    })),
  };
}

function viewOf(map: MapLibreMap, byUser = false): MapView {
  const c = map.getCenter();
  const b = map.getBounds();
  return {
    center: { latitude: c.lat, longitude: c.lng },
    corners: [
      { latitude: b.getNorth(), longitude: b.getEast() },
      { latitude: b.getNorth(), longitude: b.getWest() },
      { latitude: b.getSouth(), longitude: b.getEast() },
      { latitude: b.getSouth(), longitude: b.getWest() },
    ],
    zoom: map.getZoom(),
    byUser,
  };
}

export default function MapCanvas(props: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const markers = useRef(new Map<string, { marker: Marker; el: HTMLButtonElement; sig: string }>());
  const userMarker = useRef<Marker | null>(null);

  // Create the map once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; later props go through refs/effects
  useEffect(() => {
    if (!container.current) return;
    const { initial, labels, styleUrl } = latest.current;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: styleUrl,
        center: [initial.longitude, initial.latitude],
        zoom: initial.zoom,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        // Relative URLs in the style (the built-in basemap's data) are resolved against the page.
        transformRequest: (url) => ({ url: new URL(url, window.location.href).href }),
        locale: { 'NavigationControl.ZoomIn': labels.zoomIn, 'NavigationControl.ZoomOut': labels.zoomOut },
      });
    } catch {
      latest.current.onFailure();
      return;
    }
    mapRef.current = map;
    map.getCanvas().setAttribute('aria-label', labels.map);
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
    map.addControl(new AttributionControl({ compact: true }), 'bottom-left');
    map.on('webglcontextlost', () => latest.current.onFailure());

    map.on('load', () => {
      map.addSource(SOURCE, {
        type: 'geojson',
        data: toGeoJson(latest.current.stations),
        cluster: true,
        clusterRadius: 48,
        clusterMaxZoom: 13,
        clusterProperties: {
          available: ['+', ['case', ['==', ['get', 'availability'], 'available'], 1, 0]],
        },
      });
      // An invisible layer: a source is only loaded for a layer that uses it; the markers are HTML.
      map.addLayer({
        id: 'stations-anchor',
        type: 'circle',
        source: SOURCE,
        paint: { 'circle-radius': 1, 'circle-opacity': 0, 'circle-stroke-opacity': 0 },
      });
      latest.current.onView(viewOf(map));
    });
    map.on('moveend', (e) => latest.current.onView(viewOf(map, !!e.originalEvent || 'byUser' in e)));
    map.on('render', () => syncMarkers(map));

    return () => {
      for (const { marker } of markers.current.values()) marker.remove();
      markers.current.clear();
      userMarker.current?.remove();
      userMarker.current = null;
      map.remove();
      mapRef.current = null;
    };
  }, []);

  function syncMarkers(map: MapLibreMap) {
    if (!map.getSource(SOURCE) || !map.isSourceLoaded(SOURCE)) return;
    const seen = new Set<string>();
    const { labels, selectedId } = latest.current;
    for (const f of map.querySourceFeatures(SOURCE)) {
      const p = f.properties as Record<string, unknown>;
      const coords = (f.geometry as GeoJSON.Point).coordinates as [number, number];
      const isCluster = p.cluster === true;
      const key = isCluster ? `cluster:${p.cluster_id}` : String(p.id);
      if (seen.has(key)) continue; // a feature near a tile edge comes once per tile
      seen.add(key);
      const count = Number(p.point_count ?? 0);
      const availability = isCluster ? (Number(p.available) > 0 ? 'available' : 'busy') : String(p.availability);
      const text = isCluster ? String(count) : String(p.text ?? '');
      const label = isCluster ? labels.cluster(count) : String(p.label);
      const selected = !isCluster && p.id === selectedId;
      const sig = `${text}|${label}|${availability}|${selected}`;
      const known = markers.current.get(key);
      if (known) {
        known.marker.setLngLat(coords);
        if (known.sig !== sig) {
          paint(known.el, { isCluster, text, label, availability, selected });
          known.sig = sig;
        }
        continue;
      }
      const el = document.createElement('button');
      el.type = 'button';
      paint(el, { isCluster, text, label, availability, selected });
      el.addEventListener('click', (event) => {
        event.stopPropagation();
        if (isCluster) {
          const source = map.getSource(SOURCE) as GeoJSONSource;
          void source.getClusterExpansionZoom(Number(p.cluster_id)).then((zoom) => {
            map.easeTo({ center: coords, zoom: Math.min(zoom + 0.5, 16) }, { byUser: true });
          });
        } else {
          latest.current.onSelect(String(p.id));
        }
      });
      const marker = new Marker({ element: el, anchor: isCluster ? 'center' : 'bottom' }).setLngLat(coords).addTo(map);
      markers.current.set(key, { marker, el, sig });
    }
    for (const [key, { marker }] of markers.current) {
      if (!seen.has(key)) {
        marker.remove();
        markers.current.delete(key);
      }
    }
  }

  // New stations or filters: new source data (the markers follow on the next render).
  useEffect(() => {
    const map = mapRef.current;
    const source = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    source?.setData(toGeoJson(props.stations));
  }, [props.stations]);

  // Selection changes only the markers' look.
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncMarkers reads the selection through latest
  useEffect(() => {
    const map = mapRef.current;
    if (map) syncMarkers(map);
  }, [props.selectedId]);

  // Camera requests (the driver's position, "locate me", the fallback centre).
  useEffect(() => {
    const map = mapRef.current;
    const c = props.camera;
    if (!map || !c) return;
    map.jumpTo(
      c.zoom === undefined
        ? { center: [c.longitude, c.latitude] }
        : { center: [c.longitude, c.latitude], zoom: c.zoom },
    );
  }, [props.camera]);

  // The driver's own position.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!props.user) {
      userMarker.current?.remove();
      userMarker.current = null;
      return;
    }
    if (!userMarker.current) {
      const dot = document.createElement('div');
      dot.className = 'map-user';
      dot.setAttribute('role', 'img');
      dot.setAttribute('aria-label', latest.current.labels.you);
      userMarker.current = new Marker({ element: dot })
        .setLngLat([props.user.longitude, props.user.latitude])
        .addTo(map);
    } else {
      userMarker.current.setLngLat([props.user.longitude, props.user.latitude]);
    }
  }, [props.user]);

  return <div ref={container} className="map-canvas" />;
}

function paint(
  el: HTMLButtonElement,
  m: { isCluster: boolean; text: string; label: string; availability: string; selected: boolean },
) {
  el.className = `map-marker map-marker--${m.isCluster ? 'cluster' : 'station'} is-${m.availability}${m.selected ? ' is-selected' : ''}`;
  el.textContent = m.text || '•';
  el.setAttribute('aria-label', m.label);
  if (m.isCluster) el.removeAttribute('aria-pressed');
  else el.setAttribute('aria-pressed', String(m.selected));
}
