// Precompression of the built app (issue 16: nothing was compressed, 515 KiB on the wire for 162 KiB of gzip): every
// text file of the build gets a .br (brotli, best) and a .gz (gzip, best) beside it, written only when smaller. The
// server sends the one the browser accepts (server/http/static.ts). Runs as the build's last step (vite.config.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map', '.xml']);
/** Below this a compressed copy is not worth a second file (and a header). */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dir: string): { files: number; raw: number; brotli: number } {
  let count = 0;
  let raw = 0;
  let brotli = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count++;
    raw += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { files: count, raw, brotli };
}

/** The Vite plugin: after everything else is written (the service worker included). */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'forecourt-precompress',
    apply: 'build' as const,
    enforce: 'post' as const,
    configResolved(config: { build: { outDir: string }; root: string }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post' as const,
      sequential: true,
      handler() {
        const { files: count, raw, brotli } = precompress(outDir);
        console.log(
          `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`,
        );
      },
    },
  };
}
