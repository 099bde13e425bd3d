// `npm run prerender`: writes src/prerendered.json, the first screens the server sends as HTML (issue 16;
// server/http/prerender.ts, scripts/prerender.ts), from the app's own rendering. It builds the app (PRERENDER_NO_BUILD=1:
// the dist/ there is), serves it with the real server without any prerendered page, opens each page in Debian's
// Chromium (CHROMIUM_PATH) as a new visitor of each language (a 360 px phone), waits until the app is quiet and keeps
// #root's markup. Run it after changing what such a page shows: tests/e2e/prerender.spec.ts fails while the file
// and the app's rendering differ.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startAppServer } from './bench-lib.mjs';

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

const server = await startAppServer(join(root, 'dist'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const pages = {};
try {
  for (const path of PAGES) {
    pages[path] = {};
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ locale: language, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      await page.goto(`${server.base}${path}`);
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
  await server.stop();
}
const text = `${JSON.stringify(pages, null, 2)}\n`;
writeFileSync(SOURCE, text);
writeFileSync(join(root, 'dist', '.vite', 'prerender.json'), text);
console.log(`wrote ${SOURCE} (and dist/.vite/prerender.json)`);
