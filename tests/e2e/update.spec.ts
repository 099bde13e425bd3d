// A new version of the app waits until the driver asks for it: never taken over by itself (ARCHITECTURE.md, Offline).
// This test deploys a new service worker, so it runs its own server on a copy of the build, apart from the others.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress } from '../../scripts/precompress';
import { expect, test } from './fixtures';
import { expectAccessible, waitForServiceWorker } from './helpers';

const PORT = 8182;
let server: ChildProcess | null = null;
let dir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp-update-'));
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  server = spawn(process.execPath, ['dist-server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'dist'),
      DATABASE_URL: '',
      LOG_REQUESTS: 'false',
      FORECOURT_SIMULATOR: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const take = (chunk: Buffer) => {
      out += chunk;
      if (out.includes('is running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server?.stdout?.on('data', take);
    server?.stderr?.on('data', take);
  });
});

test.afterAll(async () => {
  if (server) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test('a new version waits for the update prompt, then takes over', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/landing`);
  await waitForServiceWorker(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Forecourt Pay is ready.' });
  await expect(prompt).toHaveCount(0);

  // Deploy: the server now serves a different sw.js (and its precompressed copies, made as the build makes them).
  appendFileSync(join(dir, 'dist', 'sw.js'), '\n// next release\n');
  precompress(join(dir, 'dist'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'the update prompt');
  // Installed, but waiting: the page is still controlled by the old worker.
  const waiting = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return !!registration?.waiting;
    });
  expect(await waiting()).toBe(true);
  await page.waitForTimeout(2_000);
  expect(await waiting()).toBe(true);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
  await expect.poll(waiting, { timeout: 20_000 }).toBe(false);
  await waitForServiceWorker(page);
  await expect(prompt).toHaveCount(0);
});
