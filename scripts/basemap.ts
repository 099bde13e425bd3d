// The offline basemap (issue 15): a MapLibre style and its GeoJSON, made at build time and served from the build, so
// the map draws on a fresh offline start (the service worker precaches /basemap/*). Countries and coastlines from
// Natural Earth (world-atlas, 1:50m, public domain) around the eleven countries; the motorways and towns the station
// network is built along (server/seed/roads.ts). No glyphs or sprites: no text layers (stations are HTML markers).
// VITE_MAP_STYLE_URL points the app at a full vector style instead (README).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { ROADS, TOWNS, townOf } from '../server/seed/roads.ts';

/** Europe around the eleven countries (west, south, east, north): what the basemap keeps of the world. */
const BOUNDS = [-26, 27, 45, 72] as const;
/** ISO 3166 numeric codes of the countries the network covers (drawn a shade lighter). */
const SERVED = new Set(['040', '056', '756', '276', '208', '724', '380', '442', '528', '616', '620']);

type Position = number[];
type Geometry = { type: string; coordinates: unknown };

const round = (n: number) => Math.round(n * 1000) / 1000;
function roundCoordinates(c: unknown): unknown {
  if (typeof c === 'number') return round(c);
  return (c as unknown[]).map(roundCoordinates);
}

function touchesBounds(geometry: Geometry): boolean {
  const [west, south, east, north] = BOUNDS;
  const visit = (c: unknown): boolean => {
    const first = (c as unknown[])[0];
    if (typeof first === 'number') {
      const [lon, lat] = c as Position;
      return (lon as number) >= west && (lon as number) <= east && (lat as number) >= south && (lat as number) <= north;
    }
    return (c as unknown[]).some(visit);
  };
  return visit(geometry.coordinates);
}

export function buildBasemap(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  const all = feature(topology, topology.objects.countries as GeometryCollection) as unknown as {
    features: { id?: string; properties: { name?: string }; geometry: Geometry | null }[];
  };
  const countries = {
    type: 'FeatureCollection',
    features: all.features
      .filter((f) => f.geometry && touchesBounds(f.geometry))
      .map((f) => ({
        type: 'Feature',
        properties: { name: f.properties.name ?? '', served: SERVED.has(String(f.id)) },
        geometry: { type: f.geometry?.type, coordinates: roundCoordinates(f.geometry?.coordinates) },
      })),
  };
  const roads = {
    type: 'FeatureCollection',
    features: ROADS.map((r) => ({
      type: 'Feature',
      properties: { ref: r.ref, country: r.cc },
      geometry: {
        type: 'LineString',
        coordinates: r.via.map((name) => {
          const t = townOf(r.cc, name);
          return [t[2], t[1]];
        }),
      },
    })),
  };
  const cities = {
    type: 'FeatureCollection',
    features: Object.entries(TOWNS).flatMap(([cc, towns]) =>
      towns.map((t, i) => ({
        type: 'Feature',
        properties: { name: t[0], country: cc, major: i < 3 },
        geometry: { type: 'Point', coordinates: [t[2], t[1]] },
      })),
    ),
  };
  const style = {
    version: 8,
    name: 'Forecourt Pay offline basemap',
    sources: {
      countries: {
        type: 'geojson',
        data: '/basemap/countries.json',
        attribution: 'Natural Earth',
        tolerance: 0.5,
      },
      roads: { type: 'geojson', data: '/basemap/roads.json' },
      cities: { type: 'geojson', data: '/basemap/cities.json' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#cfe2ec' } },
      {
        id: 'land',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': ['case', ['get', 'served'], '#f6f3ec', '#e8e4da'] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': '#a89f8d', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.5] },
      },
      {
        id: 'roads-casing',
        type: 'line',
        source: 'roads',
        minzoom: 5,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#d08a2c', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1.5, 12, 6] },
      },
      {
        id: 'roads',
        type: 'line',
        source: 'roads',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#f5c26b', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 12, 4] },
      },
      {
        id: 'cities',
        type: 'circle',
        source: 'cities',
        filter: ['any', ['get', 'major'], ['>=', ['zoom'], 6]],
        paint: {
          'circle-color': '#7c7466',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 2, 10, 6],
          'circle-opacity': ['interpolate', ['linear'], ['zoom'], 9, 1, 11, 0],
          'circle-stroke-opacity': ['interpolate', ['linear'], ['zoom'], 9, 1, 11, 0],
        },
      },
    ],
  };
  return {
    'basemap/style.json': JSON.stringify(style),
    'basemap/countries.json': JSON.stringify(countries),
    'basemap/roads.json': JSON.stringify(roads),
    'basemap/cities.json': JSON.stringify(cities),
  };
}

/** Emits the basemap into the build and serves it in development. */
export function basemapPlugin(): Plugin {
  let files: Record<string, string> | undefined;
  const get = () => {
    files ??= buildBasemap();
    return files;
  };
  return {
    name: 'forecourt-basemap',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0]?.replace(/^\//, '') ?? '';
        const body = get()[path];
        if (!body) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(get())) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
