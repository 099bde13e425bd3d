// `npm run bench` (BENCH_SUITES=history): the logbook with 10,000 events on the device (issue 14 "Tests and
// benchmark"). Dexie over fake-indexeddb in jsdom — slower than a browser's IndexedDB, so the figures are an upper
// bound. Two figures against their targets, printed, never asserted (a loaded CI machine must not fail a build):
// - filter + first render: the device's first-screen query for a filter (store.queryHistoryHead), the month headings over all of it
//   and the texts of the first screen's rows as HistoryList shows them (target ≤ 100 ms). React's own render of
//   those ~10 rows is left out: jsdom lays nothing out, so the virtual list cannot tell what is on screen;
// - CSV export of all 10,000 events (model/csv with the export's words, de and en; target ≤ 500 ms).
import { i18n, type MessageDescriptor } from '@lingui/core';
import { it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import { db } from '../../src/db';
import { historyCsv } from '../../src/features/history/model/csv';
import { eventAmount, eventIcon, withMonthHeadings } from '../../src/features/history/model/rows';
import type { HistoryFilters } from '../../src/features/history/model/search';
import {
  FIRST_SCREEN_EVENTS,
  queryHistory,
  queryHistoryHead,
  type StoredHistoryEvent,
} from '../../src/features/history/store';
import {
  CATEGORY_LABELS,
  eventKindLabel,
  eventTitle,
  formatKm,
  TYPE_LABELS,
} from '../../src/features/history/ui/labels';
import { formatMoney } from '../../src/lib/money';
import { catalogs } from '../unit/catalog';
import { makeEvent, THING, USER } from './history-events';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 10_000);
const FILTER_TARGET_MS = 100;
const CSV_TARGET_MS = 500;
const SCREEN_PX = 740;
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (n: number, target: number) => (n <= target ? `within ${target} ms` : `OVER ${target} ms`);

/** What the list puts in the page for its first screen (HistoryList's rows): month headings and the rows' texts. */
function firstScreen(items: StoredHistoryEvent[], locale: string): string[] {
  const rows = withMonthHeadings(items);
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const out: string[] = [];
  let height = 0;
  for (const row of rows) {
    if (height > SCREEN_PX) break;
    if (row.kind === 'month') {
      const [y, m] = row.month.split('-').map(Number);
      out.push(month.format(new Date(y ?? 2000, (m ?? 1) - 1, 1)));
      height += 44;
      continue;
    }
    const { event } = row.item;
    const amount = eventAmount(event);
    out.push(
      [
        eventIcon(event),
        eventTitle(i18n, event),
        eventKindLabel(i18n, event),
        amount ? formatMoney(amount, locale) : event.trip ? formatKm(event.trip.distanceM, locale) : '',
        date.format(new Date(event.sampleTime)),
      ].join(' · '),
    );
    height += 72;
  }
  return out;
}

it(`history: ${EVENTS} events on the device — filter + first render, CSV export`, { timeout: 1_800_000 }, async () => {
  const now = Date.now();
  await db.historyEvents.clear();
  const rows: StoredHistoryEvent[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const event = makeEvent(i, now, EVENTS);
    rows.push({ id: event._id, userId: USER, time: Date.parse(event.sampleTime), event });
  }
  // Another driver on the same phone: the index keeps the query to this one's rows.
  for (let i = 0; i < 2_000; i++) {
    const event = { ...makeEvent(i, now, EVENTS, 0.2), _id: `x${i}` };
    rows.push({ id: event._id, userId: 'other-driver', time: Date.parse(event.sampleTime), event });
  }
  await db.historyEvents.bulkPut(rows);
  i18n.loadAndActivate({ locale: 'en', messages: catalogs.en });

  const cases: Array<[string, HistoryFilters]> = [
    ['no filter', {}],
    ['payments', { type: 'PAYMENT' }],
    ['trips, 6 months', { type: 'TRIP', period: '6m' }],
    ['manual costs, vehicle', { type: 'MANUAL', vehicle: THING }],
  ];
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  for (const [name, filters] of cases) {
    const times: number[] = [];
    const queries: number[] = [];
    let found = 0;
    let rendered = 0;
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      // As the list screen does (store.useHistory): the newest screenful first; the whole list follows.
      const items = (await queryHistoryHead(USER, filters, new Date(now), FIRST_SCREEN_EVENTS)) ?? [];
      const t1 = performance.now();
      rendered = firstScreen(items, 'en').length;
      const t2 = performance.now();
      found = (await queryHistory(USER, filters, new Date(now))).length;
      if (run > 0) {
        // the first run warms the code paths (JIT, Intl formatters)
        times.push(t2 - t0);
        queries.push(t1 - t0);
      }
    }
    const total = median(times);
    report(
      `  filter + first render, ${name} (${found} events, ${rendered} rows on the first screen): ${ms(total)} (query ${ms(median(queries))}) — ${verdict(total, FILTER_TARGET_MS)}`,
    );
  }

  const events = (await queryHistory(USER, {}, new Date(now))).map((r) => r.event);
  const t = (d: MessageDescriptor) => i18n._(d);
  for (const locale of ['en', 'de'] as const) {
    i18n.loadAndActivate({ locale, messages: catalogs[locale] });
    const words = {
      headers: [
        'Date (ISO)',
        'Date',
        'Type',
        'Category',
        'Title',
        'Amount',
        'Currency',
        'Litres',
        'Mileage',
        'Distance',
        'Place',
        'Notes',
      ] as [string, string, string, string, string, string, string, string, string, string, string, string],
      type: (e: HistoryEvent) => t(TYPE_LABELS[e.type === 'PAYMENT' ? 'PAYMENT' : e.type === 'COST' ? 'COST' : 'TRIP']),
      category: (e: HistoryEvent) => {
        const c = e.payment?.category ?? e.cost?.category;
        return c ? t(CATEGORY_LABELS[c]) : '';
      },
      title: (e: HistoryEvent) => eventTitle(i18n, e),
    };
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const csv = historyCsv(events, locale, words);
      const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
      const t1 = performance.now();
      size = blob.size;
      if (run > 0) times.push(t1 - t0);
    }
    const total = median(times);
    report(
      `  CSV export, ${locale} (${events.length} events, ${(size / 1024).toFixed(0)} KiB): ${ms(total)} — ${verdict(total, CSV_TARGET_MS)}`,
    );
  }
  await db.historyEvents.clear();
  console.log(
    `\nHistory on the device: ${EVENTS} events (+2,000 of another driver), Dexie over fake-indexeddb in jsdom, median of ${RUNS} runs after one warm-up\n${lines.join('\n')}\n`,
  );
});
