// Stations (POIs) with their products and the live status of each product's device.
export { getPoi } from './get-poi';
export { getShop } from './get-shop';
export { insertStations } from './insert-stations';
export { listPlaces } from './list-places';
export { searchPois } from './search-pois';
