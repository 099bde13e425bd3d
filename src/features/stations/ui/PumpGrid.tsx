import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { Product } from '../../../contract/stations';
import { isSelectable, pageAt, pageSize, sortPumps } from '../model/pumps';
import { StatusText } from './StatusText';

type Props = {
  pumps: Product[];
  withWash: boolean;
  enabled: boolean;
  onChoose: (pump: Product) => void;
};

/** Pumps in a grid, sorted numeric- and locale-aware, 9 a page with a wash and 12 without. */
export function PumpGrid({ pumps, withWash, enabled, onChoose }: Props) {
  const { i18n } = useLingui();
  const [page, setPage] = useState(0);
  const sorted = sortPumps(pumps, i18n.locale);
  const { start, end, page: current, pages } = pageAt(sorted.length, pageSize(withWash), page);
  return (
    <section aria-labelledby="pumps-title">
      <h2 id="pumps-title" className="visually-hidden">
        <Trans>Pumps</Trans>
      </h2>
      <ul className="pump-grid">
        {sorted.slice(start, end).map((pump) => {
          const selectable = enabled && isSelectable(pump);
          return (
            <li key={pump._id}>
              <button
                type="button"
                className={`pump status-${pump.attributes.status.toLowerCase()}`}
                disabled={!selectable}
                aria-label={i18n._(msg`Pump ${pump.name}`)}
                aria-describedby={`pump-status-${pump._id}`}
                onClick={() => onChoose(pump)}
              >
                <span className="pump-number" aria-hidden="true">
                  {pump.name}
                </span>
                <span id={`pump-status-${pump._id}`} className="pump-status">
                  <StatusText status={pump.attributes.status} device="pump" />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav className="paging" aria-label={i18n._(msg`Pump pages`)}>
          <button
            type="button"
            className="button small secondary"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            <Trans>Previous</Trans>
          </button>
          <span aria-live="polite">
            <Trans>
              Page {current + 1} of {pages}
            </Trans>
          </span>
          <button
            type="button"
            className="button small secondary"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      ) : null}
    </section>
  );
}
