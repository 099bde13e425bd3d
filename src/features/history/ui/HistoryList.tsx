import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { formatMoney } from '../../../lib/money';
import { eventAmount, eventIcon, type ListRow, withMonthHeadings } from '../model/rows';
import type { StoredHistoryEvent } from '../store';
import { EventIcon } from './EventIcon';
import { eventKindLabel, eventTitle, formatKm, PENDING_LABEL } from './labels';
import './history.css';

type Props = {
  items: StoredHistoryEvent[];
  /** Asked when the driver scrolls near the end of what the server has sent so far. */
  onNearEnd?: () => void;
  /** How many rows of `items` came from pages fetched in this visit. */
  fetchedCount: number;
};

/**
 * The logbook as one virtual list (only the rows on screen are in the page, so 10,000 events scroll smoothly), with
 * a heading per month; each row: icon, title, kind, amount and date, leading to the event.
 */
export function HistoryList({ items, onNearEnd, fetchedCount }: Props) {
  const { i18n } = useLingui();
  const rows = useMemo(() => withMonthHeadings(items), [items]);
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'month' ? 44 : 72),
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (i) => rows[i]?.key ?? i,
  });
  const virtual = virtualizer.getVirtualItems();
  const lastIndex = virtual[virtual.length - 1]?.index ?? 0;
  // The row index of the last fetched event (month headings count as rows too).
  const fetchedRows = useMemo(() => {
    let seen = 0;
    for (let i = 0; i < rows.length; i++) {
      if (rows[i]?.kind === 'event') seen++;
      if (seen >= fetchedCount) return i;
    }
    return rows.length;
  }, [rows, fetchedCount]);
  useEffect(() => {
    if (onNearEnd && lastIndex >= fetchedRows - 6) onNearEnd();
  }, [lastIndex, fetchedRows, onNearEnd]);

  const month = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric' });
  const date = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short' });
  const label = (row: ListRow<StoredHistoryEvent>) => {
    if (row.kind === 'month') {
      const [y, m] = row.month.split('-').map(Number);
      return month.format(new Date(y ?? 2000, (m ?? 1) - 1, 1));
    }
    return '';
  };

  return (
    <ul ref={listRef} className="history-list" style={{ height: virtualizer.getTotalSize() }}>
      {virtual.map((v) => {
        const row = rows[v.index];
        if (!row) return null;
        const style = { transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` };
        if (row.kind === 'month') {
          return (
            <li key={v.key} data-index={v.index} ref={virtualizer.measureElement} style={style}>
              <h2 className="history-month">{label(row)}</h2>
            </li>
          );
        }
        const { event, pending } = row.item;
        const amount = eventAmount(event);
        return (
          <li key={v.key} data-index={v.index} ref={virtualizer.measureElement} style={{ ...style, paddingBottom: 8 }}>
            <Link to="/history/$id" params={{ id: event._id }} className="history-row">
              <span className="history-row-icon">
                <EventIcon kind={eventIcon(event)} />
              </span>
              <span className="history-row-text">
                <span className="history-row-title">{eventTitle(i18n, event)}</span>
                <span className="history-row-sub">
                  {eventKindLabel(i18n, event)}
                  {pending ? ` · ${i18n._(PENDING_LABEL)}` : ''}
                </span>
              </span>
              <span className="history-row-end">
                <span>
                  {amount
                    ? formatMoney(amount, i18n.locale)
                    : event.trip
                      ? formatKm(event.trip.distanceM, i18n.locale)
                      : ''}
                </span>
                <span className="history-row-sub">{date.format(new Date(event.sampleTime))}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
