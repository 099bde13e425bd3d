// Export of the filtered history (lazy: papaparse loads with the first export). With signal every page of the
// filtered list is fetched first, so the file holds all of it; without, what this phone keeps.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HistoryEvent } from '../../../../contract/history';
import { historyApi } from '../api';
import { historyCsv } from '../model/csv';
import { type HistoryFilters, toApiQuery } from '../model/filters';
import { spritmonitorCsv } from '../model/spritmonitor-export';
import { CATEGORY_LABELS, eventTitle, TYPE_LABELS } from './labels';

const PAGE = 100;

async function allEvents(filters: HistoryFilters): Promise<HistoryEvent[]> {
  const query = toApiQuery(filters, new Date());
  const events: HistoryEvent[] = [];
  for (let page = 1; ; page++) {
    const res = await historyApi.list({ ...query, page, limit: PAGE });
    events.push(...res.events);
    if (page * PAGE >= res.total || res.events.length === 0) return events;
  }
}

export async function exportHistoryCsv(input: {
  i18n: I18n;
  filters: HistoryFilters;
  kept: HistoryEvent[];
  online: boolean;
}): Promise<{ file: Blob; name: string; count: number }> {
  const { i18n } = input;
  const events = input.online ? await allEvents(input.filters).catch(() => input.kept) : input.kept;
  const t = (d: MessageDescriptor) => i18n._(d);
  const csv = historyCsv(events, i18n.locale, {
    headers: [
      t(msg`Date (ISO)`),
      t(msg`Date`),
      t(msg`Type`),
      t(msg`Category`),
      t(msg`Title`),
      t(msg`Amount`),
      t(msg`Currency`),
      t(msg`Litres`),
      t(msg`Mileage (km)`),
      t(msg`Distance (km)`),
      t(msg`Place`),
      t(msg`Notes`),
    ],
    type: (e) =>
      t(e.type === 'PAYMENT' ? TYPE_LABELS.PAYMENT : e.type === 'COST' ? TYPE_LABELS.COST : TYPE_LABELS.TRIP),
    category: (e) => {
      const c = e.payment?.category ?? e.cost?.category;
      return c ? t(CATEGORY_LABELS[c]) : '';
    },
    title: (e) => eventTitle(i18n, e),
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    file: new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    name: `history-${day}.csv`,
    count: events.length,
  };
}

/**
 * "Export as Spritmonitor CSV" (issue 35): the filtered history's fuel fills in Spritmonitor's own format, to take the
 * log back there or to any tool that reads it (and back into this app).
 */
export async function exportSpritmonitorCsv(input: {
  filters: HistoryFilters;
  kept: HistoryEvent[];
  online: boolean;
}): Promise<{ file: Blob; name: string; count: number }> {
  const events = input.online ? await allEvents(input.filters).catch(() => input.kept) : input.kept;
  const { csv, count } = spritmonitorCsv(events);
  const day = new Date().toISOString().slice(0, 10);
  return { file: new Blob([csv], { type: 'text/csv;charset=utf-8' }), name: `spritmonitor-${day}.csv`, count };
}
