// `npm run bench -- history` (issue 14): the logbook's filter + first render in a real browser — Chromium's IndexedDB,
// the app's Dexie store and query (features/history/store.ts), and React rendering the app's HistoryList with its
// styles at a phone's size, laid out. Served by Vite's dev server (scripts/bench-history.mjs); figures are posted to
// window.__bench and printed by the script beside the target, never asserted.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { db } from '../../src/db';
import type { HistoryFilters } from '../../src/features/history/model/filters';
import {
  FIRST_SCREEN_EVENTS,
  queryHistory,
  queryHistoryHead,
  type StoredHistoryEvent,
} from '../../src/features/history/store';
import { HistoryList } from '../../src/features/history/ui/HistoryList';
import '../../src/styles.css';
import '../../src/features/history/ui/history.css';
import { catalogs } from '../unit/catalog';
import { makeEvent, THING, USER } from './history-events';

declare global {
  interface Window {
    __bench?: { lines: string[]; error?: string };
  }
}

const params = new URLSearchParams(location.search);
const EVENTS = Number(params.get('events') ?? 10_000);
const RUNS = Number(params.get('runs') ?? 7);

let items: StoredHistoryEvent[] = [];
const listeners = new Set<() => void>();
const store = {
  set(next: StoredHistoryEvent[]) {
    items = next;
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

function Bench() {
  const list = useSyncExternalStore(store.subscribe, () => items);
  return (
    <main className="page">
      <HistoryList items={list} fetchedCount={list.length} />
    </main>
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

async function main() {
  i18n.loadAndActivate({ locale: 'en', messages: catalogs.en });
  const router = createRouter({
    routeTree: createRootRoute({ component: Bench }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  createRoot(document.getElementById('root') as HTMLElement).render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  await frame();

  const now = Date.now();
  await db.historyEvents.clear();
  const rows: StoredHistoryEvent[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const event = makeEvent(i, now, EVENTS);
    rows.push({ id: event._id, userId: USER, time: Date.parse(event.sampleTime), event });
  }
  for (let i = 0; i < 2_000; i++) {
    const event = { ...makeEvent(i, now, EVENTS, 0.2), _id: `x${i}` };
    rows.push({ id: event._id, userId: 'other-driver', time: Date.parse(event.sampleTime), event });
  }
  await db.historyEvents.bulkPut(rows);

  const cases: Array<[string, HistoryFilters]> = [
    ['no filter', {}],
    ['payments', { type: 'PAYMENT' }],
    ['trips, 6 months', { type: 'TRIP', period: '6m' }],
    ['manual costs, vehicle', { type: 'MANUAL', vehicle: THING }],
  ];
  const lines: string[] = [];
  for (const [name, filters] of cases) {
    const total: number[] = [];
    const query: number[] = [];
    const painted: number[] = [];
    const whole: number[] = [];
    let found = 0;
    let shown = 0;
    for (let run = 0; run <= RUNS; run++) {
      flushSync(() => store.set([]));
      await frame();
      // What the list screen does (store.useHistory): the newest screenful first, drawn, then the whole list.
      const t0 = performance.now();
      const head = (await queryHistoryHead(USER, filters, new Date(now), FIRST_SCREEN_EVENTS)) ?? [];
      const t1 = performance.now();
      flushSync(() => store.set(head));
      // Layout of what was rendered (reading a size forces it), then the frame that paints it.
      void document.body.offsetHeight;
      const t2 = performance.now();
      await frame();
      const t3 = performance.now();
      shown = document.querySelectorAll('.history-row').length;
      const all = await queryHistory(USER, filters, new Date(now));
      flushSync(() => store.set(all));
      void document.body.offsetHeight;
      const t4 = performance.now();
      found = all.length;
      if (run > 0) {
        query.push(t1 - t0);
        total.push(t2 - t0);
        painted.push(t3 - t0);
        whole.push(t4 - t3);
      }
    }
    lines.push(
      [name, found, shown, median(query), median(total), median(painted), median(whole)]
        .map((v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : String(v)))
        .join('|'),
    );
  }
  await db.historyEvents.clear();
  window.__bench = { lines };
}

main().catch((e: unknown) => {
  window.__bench = { lines: [], error: String(e instanceof Error ? (e.stack ?? e.message) : e) };
});
