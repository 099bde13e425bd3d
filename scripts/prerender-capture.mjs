// `npm run prerender`: writes src/prerendered.json, the first screens the server sends as HTML (issue 16;
// server/http/prerender.ts, scripts/prerender.ts), from the app's own rendering. It builds the app (PRERENDER_NO_BUILD=1:
// the dist/ there is), serves it with the real server without any prerendered page, opens each page in Debian's
// Chromium (CHROMIUM_PATH) as a new visitor of each language (a 360 px phone), waits until the app is quiet and keeps
// #root's markup. Run it after changing what such a page shows: tests/e2e/prerender.spec.ts fails while the file
// and the app's rendering differ.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, run, serverEntry } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const LANGUAGES = ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'];
const PAGES = ['/landing'];
const SOURCE = join(root, 'src', 'prerendered.json');

if (process.env.PRERENDER_NO_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// The app's own rendering, not an earlier capture's.
rmSync(join(root, 'dist', '.vite', 'prerender.json'), { force: true });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'fp-prerender-'));
const { child, ready } = run(
  [serverEntry()],
  {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: join(root, 'dist'),
    DEMO_MODE: 'true',
    DATABASE_URL: '',
    LOG_REQUESTS: 'false',
    PUBLIC_URL: `http://localhost:${port}`,
  },
  { waitFor: 'is running on', cwd: root, startTimeoutMs: 240_000 },
);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const pages = {};
try {
  await ready;
  for (const path of PAGES) {
    pages[path] = {};
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ locale: language, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      await page.goto(`http://localhost:${port}${path}`);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const { lang, markup } = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        markup: document.getElementById('root')?.innerHTML ?? '',
      }));
      if (lang !== language) throw new Error(`${path} in ${language}: the app started in ${lang}`);
      pages[path][language] = markup;
      console.log(`${path} ${language}: ${markup.length} characters`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
const text = `${JSON.stringify(pages, null, 2)}\n`;
writeFileSync(SOURCE, text);
writeFileSync(join(root, 'dist', '.vite', 'prerender.json'), text);
console.log(`wrote ${SOURCE} (and dist/.vite/prerender.json)`);
