// `npm run bench -- history` (issue 14): filter + first render of the logbook with 10,000 events, in Chromium (Debian's,
// CHROMIUM_PATH) — the app's Dexie store over the browser's IndexedDB and the app's HistoryList rendered and laid out at
// 360 × 740, as the list screen does it: the newest screenful first (store.queryHistoryHead), then the whole list. The page is tests/bench/history-browser.html, served by Vite's dev server on a free port (the app's own
// vite.config.ts, so the same Lingui macro and styles). Figures are printed beside the target (≤ 100 ms), never asserted.
// BENCH_HISTORY_EVENTS (10000), BENCH_HISTORY_RUNS (7 after one warm-up), BENCH_CPU (CPU slow-down, default 1).
// The CSV export figure stays in the jsdom suite (BENCH_SUITES=history), as it has no DOM part.
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 7);
const CPU = Number(process.env.BENCH_CPU ?? 1);
const TARGET_MS = 100;
const root = new URL('..', import.meta.url).pathname;

const server = await createServer({
  root,
  configFile: `${root}vite.config.ts`,
  logLevel: 'error',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  if (CPU > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  }
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://127.0.0.1:${port}/tests/bench/history-browser.html?events=${EVENTS}&runs=${RUNS}`);
  await page.waitForFunction(() => window.__bench, null, { timeout: 600_000, polling: 500 });
  const result = await page.evaluate(() => window.__bench);
  if (result.error) throw new Error(result.error);
  console.log(
    `\nHistory in Chromium: ${EVENTS} events (+2,000 of another driver) in IndexedDB, CPU × ${CPU}, median of ${RUNS} runs after one warm-up (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
  for (const line of result.lines) {
    const [name, found, shown, query, total, painted, whole] = line.split('|');
    const verdict = Number(total) <= TARGET_MS ? `within ${TARGET_MS} ms` : `OVER ${TARGET_MS} ms`;
    console.log(
      `  filter + first render, ${name} (${found} events, ${shown} rows drawn): ${total} ms to laid-out rows (query ${query} ms, next frame ${painted} ms) — ${verdict}; the whole list ${whole} ms later`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
