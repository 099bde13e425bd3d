import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { Product } from '../../../../contract/stations';
import { Button, StatusBadge } from '../../../ui';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons';
import { isSelectable, pageAt, pageSize, sortPumps } from '../model/pumps';
import { StatusText } from './StatusText';
import './stations.css';

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
    <section aria-labelledby="pumps-title" className="pump-section">
      <h2 id="pumps-title" className="visually-hidden">
        <Trans>Pumps</Trans>
      </h2>
      <ul className="pump-tiles">
        {sorted.slice(start, end).map((pump) => {
          const selectable = enabled && isSelectable(pump);
          const statusId = `pump-status-${pump._id}`;
          return (
            <li key={pump._id}>
              {/* The name is "Pump 8": it contains the big visible "8" (label in name); the status describes it. */}
              <button
                type="button"
                className="pump-tile"
                disabled={!selectable}
                aria-label={i18n._(msg`Pump ${pump.name}`)}
                aria-describedby={statusId}
                onClick={() => onChoose(pump)}
              >
                <span className="pump-tile-number" aria-hidden="true">
                  {pump.name}
                </span>
                <span id={statusId} className="pump-tile-status">
                  <StatusBadge status={pump.attributes.status}>
                    <StatusText status={pump.attributes.status} device="pump" />
                  </StatusBadge>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav className="pump-paging" aria-label={i18n._(msg`Pump pages`)}>
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronLeftIcon size={18} aria-hidden="true" />}
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            <Trans>Previous</Trans>
          </Button>
          <span className="pump-paging-label" aria-live="polite">
            <Trans>
              Page {current + 1} of {pages}
            </Trans>
          </span>
          <Button
            variant="secondary"
            size="sm"
            iconEnd={<ChevronRightIcon size={18} aria-hidden="true" />}
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            <Trans>Next</Trans>
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
