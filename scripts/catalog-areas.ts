// Which catalog each source file's strings go to (lingui.config.ts), from the import graph of src/: a file used by
// the routes of one area only (src/i18n/catalog-area.ts: pay, map, history, account) goes to that area's catalog; a
// file in the shell (SHELL), reached from the shell's own code, or used by several areas goes to the shell catalog,
// which every page has. Every import counts, lazy ones too (what a page loads later still renders on that page), so
// a page never shows a string whose catalog its area does not load. Plain regex parsing: src/ imports are relative.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { AREAS, type Area, areaOfPath } from '../src/i18n/catalog-area.ts';

/** The shell and the public pages: all the first screen of a new visitor waits for (lingui.config.ts). */
export const SHELL = [
  'src/app',
  'src/ui',
  'src/i18n',
  'src/lib',
  'src/features/session',
  'src/features/embedding',
  'src/features/settings/ui/LanguageSheet.tsx',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/(public)',
];
/**
 * Folders whose strings form a catalog of their own, loaded by the folder's own (lazy) code rather than by a page's
 * area: the running-order banner shows on every screen after the first one, so its strings in the shell catalog
 * would weigh on every first load (issue 33.4: +0.6 KiB). The app's catalog loader (src/i18n/index.ts) skips them.
 */
export const OWN_CATALOGS = { resume: 'src/features/orders/resume' } as const;
type OwnCatalog = keyof typeof OWN_CATALOGS;
const ownCatalogOf = (file: string) =>
  (Object.keys(OWN_CATALOGS) as OwnCatalog[]).find((name) => file.startsWith(`${OWN_CATALOGS[name]}/`)) ?? null;

/** Where the shell's own code starts (its imports of route files are the router's, not the shell's). */
const SHELL_ROOTS = ['src/main.tsx', 'src/routes/__root.tsx', 'src/routes/index.tsx'];

const IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root: string, dir = 'src'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    // The catalogs themselves (the wire contract, contract/, is outside src/ and has no user-facing strings).
    if (entry.isDirectory()) return ['src/locales'].includes(path) ? [] : sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = relative(root, join(root, dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const path = join(root, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

const inShell = (file: string) => SHELL.some((path) => file === path || file.startsWith(`${path}/`));
/** A page or layout of src/routes (not a `-` private part, not the root or the start page). */
const isRouteFile = (file: string) =>
  file.startsWith('src/routes/') &&
  !file.split('/').some((part) => part.startsWith('-')) &&
  !SHELL_ROOTS.includes(file);

export type CatalogName = 'shell' | Area | OwnCatalog;

/** The source files (relative to root) with Lingui strings, by the catalog their strings belong to. */
export function catalogFiles(root: string): Record<CatalogName, string[]> {
  const files = sourceFiles(root);
  const edges = new Map<string, string[]>();
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    texts.set(file, text);
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      if (match[1]) continue; // import type: no code
      const target = resolveImport(root, file, (match[2] ?? match[3])!);
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }
  const reach = (starts: string[], intoRoutes: boolean) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const target of edges.get(file) ?? []) if (intoRoutes || !isRouteFile(target)) stack.push(target);
    }
    return seen;
  };
  const shellReach = reach(SHELL_ROOTS, false);
  const areaReach = Object.fromEntries(AREAS.map((area) => [area, new Set<string>()])) as Record<Area, Set<string>>;
  for (const file of files.filter(isRouteFile)) {
    const area = inShell(file) ? null : areaOfPath(`/${file.split('/')[2]}`);
    if (area) for (const reached of reach([file], false)) areaReach[area].add(reached);
  }
  const out = Object.fromEntries(
    ['shell', ...AREAS, ...Object.keys(OWN_CATALOGS)].map((name) => [name, [] as string[]]),
  ) as Record<CatalogName, string[]>;
  for (const file of files) {
    if (!/from '@lingui\/(react\/|core\/)?macro'/.test(texts.get(file)!)) continue;
    const own = ownCatalogOf(file);
    if (own) {
      out[own].push(file);
      continue;
    }
    const areas = AREAS.filter((area) => areaReach[area].has(file));
    // Used nowhere (yet): the account's, the catalog of "everything else".
    const name: CatalogName =
      inShell(file) || shellReach.has(file) || areas.length > 1 ? 'shell' : (areas[0] ?? 'account');
    out[name].push(file);
  }
  return out;
}
