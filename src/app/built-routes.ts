// Which routes of the spec's table exist in this build. Later issues add /map, /profile and the pay flows; until then
// the shell sends a driver to the nearest existing screen instead of a not-found page (see each caller).
let built = new Set<string>();

export function registerBuiltRoutes(paths: Iterable<string>): void {
  built = new Set([...paths].map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)));
}

export function isBuilt(path: string): boolean {
  return built.has(path.length > 1 ? path.replace(/\/$/, '') : path);
}

/** The path if it exists, else the fallback. */
export function builtOr(path: string, fallback: string): string {
  return isBuilt(path) ? path : fallback;
}
