// What the server puts into an app page beside the markup, by element id: shared by the server, which writes it, and
// the app, which reads it at start (without loading any contract schema).

/**
 * A station link's HTML (server/http/station-page.ts): the station the page shows, as GET /v4/pois/{id} answers it,
 * in a <script type="application/json"> of this id after #root.
 */
export const STATION_DATA_ID = 'station-data';
