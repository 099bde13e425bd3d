// PGlite's Postgres with a smaller buffer pool. PGlite 0.3 starts Postgres with `-c shared_buffers=128MB` compiled
// into its WASM (its options cannot change it; postgresql.conf is read but the command line wins), and the pool is
// zeroed in the WASM memory at start: ~120 MiB resident before the first query, most of the server's idle memory.
// This compiles PGlite's own module with that one argument rewritten in its data (same length, NUL-padded).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The argument as PGlite 0.3.x ships it, a C string of its own (NUL before and after). */
const SHIPPED = Buffer.from('\0shared_buffers=128MB\0', 'latin1');

/** Values the rewrite can hold: at most as long as "128MB", in Postgres units. */
export const SHARED_BUFFERS_PATTERN = /^(?:[1-9]\d{0,2}(?:kB|MB)|[1-9]GB)$/;

const modules = new Map<string, Promise<WebAssembly.Module | undefined>>();

/**
 * PGlite's WASM module with `shared_buffers` set to `value` (e.g. "16MB"), compiled once per process and value; or
 * undefined when `value` is "128MB" (what PGlite ships) or this PGlite build does not hold the argument exactly once,
 * in which case PGlite loads its own module with its own 128MB.
 */
export function pgliteModule(value: string): Promise<WebAssembly.Module | undefined> {
  if (!SHARED_BUFFERS_PATTERN.test(value)) throw new Error(`shared_buffers "${value}": expected e.g. 16MB`);
  let compiled = modules.get(value);
  if (!compiled) {
    compiled = compile(value);
    modules.set(value, compiled);
  }
  return compiled;
}

async function compile(value: string): Promise<WebAssembly.Module | undefined> {
  if (value === '128MB') return undefined;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const bytes = readFileSync(join(dirname(entry), 'pglite.wasm'));
  const at = bytes.indexOf(SHIPPED);
  if (at === -1 || bytes.indexOf(SHIPPED, at + 1) !== -1) {
    console.warn(`PGlite: its shared_buffers argument was not found; keeping its own 128MB instead of ${value}`);
    return undefined;
  }
  const replacement = Buffer.alloc(SHIPPED.length); // NUL-padded
  replacement.write(`\0shared_buffers=${value}`, 'latin1');
  replacement.copy(bytes, at);
  return WebAssembly.compile(bytes);
}
