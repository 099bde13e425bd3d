// The built bundle's chunk graph, for the build steps that write preload links into index.html.
import type { Rolldown } from 'vite';

/** A chunk and the chunks it imports statically, except those `loaded` already has. */
export function withImports(
  bundle: Rolldown.OutputBundle,
  file: string,
  loaded: Set<string>,
  out = new Set<string>(),
): Set<string> {
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk' || loaded.has(file) || out.has(file)) return out;
  out.add(file);
  for (const imported of chunk.imports) withImports(bundle, imported, loaded, out);
  return out;
}
