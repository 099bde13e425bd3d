// The discounts of a summary (pay-flows.md §2 summary "discounts", §4 Voucher preview): each applied voucher with its
// name, label and amount, then the total after discounts. Nothing for guests or when no voucher applies.
import { Trans } from '@lingui/react/macro';
import { Card, Money, Skeleton } from '../../../ui';
import { TicketIcon } from '../../../ui/icons';
import { type PreviewState, shownPreview } from '../model/preview';
import './vouchers.css';

export function DiscountPreview({ state, totalLabel }: { state: PreviewState; totalLabel?: React.ReactNode }) {
  if (state.kind === 'none') return null;
  if (state.kind === 'failed') {
    return (
      <p className="voucher-preview-note" role="status">
        <Trans>Your vouchers could not be checked just now. They still apply when you pay.</Trans>
      </p>
    );
  }
  const preview = shownPreview(state);
  if (state.kind === 'loading' && !preview) {
    return (
      <Card className="voucher-preview" aria-busy="true">
        <span className="visually-hidden">
          <Trans>Checking your vouchers…</Trans>
        </span>
        <Skeleton width="70%" />
      </Card>
    );
  }
  if (!preview || preview.discounts.length === 0) return null;
  return (
    <Card className="voucher-preview" aria-busy={state.kind === 'loading'}>
      <h2 className="voucher-preview-title">
        <TicketIcon size={18} aria-hidden="true" />
        <Trans>Your discounts</Trans>
      </h2>
      <dl className="voucher-preview-lines">
        {preview.discounts.map((d) => (
          <div key={d.id}>
            <dt>
              {d.name} <span className="voucher-label">{d.label}</span>
            </dt>
            <dd>
              <Money value={d.appliedDiscount} negative />
            </dd>
          </div>
        ))}
        <div className="voucher-preview-total">
          <dt>{totalLabel ?? <Trans>Total after discounts</Trans>}</dt>
          <dd>
            <Money value={preview.totalAfterDiscounts} size="lg" />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
