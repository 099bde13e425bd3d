// Build-time configuration (Vite env). Defaults serve the app and the API from one origin.
export const config = {
  /** Base URL of the API (pay-flows.md §7); /api on the same origin by default. */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api',
  /** The tutorial site (shell-and-account.md §7 "GET {tutorial site}/tutorial_topic"); our server's by default. */
  tutorialSiteUrl:
    (import.meta.env.VITE_TUTORIAL_SITE_URL as string | undefined) ??
    `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api'}/tutorial-site`,
  /** The remote maintenance json (shell-and-account.md §7 Shell). */
  maintenanceUrl: (import.meta.env.VITE_MAINTENANCE_URL as string | undefined) ?? '/api/maintenance.json',
  /** Footer links (pay-flows.md §2): terms, imprint, privacy policy, statutory info. */
  legalBaseUrl: (import.meta.env.VITE_LEGAL_BASE_URL as string | undefined) ?? '/legal',
  /**
   * The map's MapLibre style. The default is the offline basemap built into the app (countries, motorways, towns);
   * a deployment with a vector tile service sets a full style (README "Map style").
   */
  mapStyleUrl: (import.meta.env.VITE_MAP_STYLE_URL as string | undefined) ?? '/basemap/style.json',
};
