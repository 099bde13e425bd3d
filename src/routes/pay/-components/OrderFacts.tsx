import type { ReactNode } from 'react';
import { Card } from '../../../ui';
import { InfoIcon } from '../../../ui/icons';
import './pay.css';

type Row = { label: ReactNode; value: ReactNode };

/** What is being bought, as label–value rows on a card, the amount last and largest, and an optional note under it. */
export function OrderFacts({ rows, total, note }: { rows: Row[]; total?: Row; note?: ReactNode }) {
  return (
    <Card className="order-facts">
      <dl className="order-facts-list">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows per page
          <div key={index}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        {total ? (
          <div className="order-facts-total">
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ) : null}
      </dl>
      {note ? (
        <p className="order-facts-note">
          <InfoIcon size={18} aria-hidden="true" />
          <span>{note}</span>
        </p>
      ) : null}
    </Card>
  );
}
