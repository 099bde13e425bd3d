// The EV summary's cost limit (issue 39): "No limit" or a quarter, half, three quarters of the pre-authorization. The
// choice is sent to the order once it is paid (PATCH update-order costLimit); the server stops the charger there.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { Order } from '../../../../contract/orders';
import { formatMoney } from '../../../lib/money';
import { Chip, ChipGroup, Notice } from '../../../ui';
import { useSetCostLimit } from '../cost-limit-queries';
import { type Amount, costLimitChoices, stopNote } from '../model/cost-limit';
import './ev.css';

/** The picker and what to do once the order exists: `field` goes on the summary, `applyTo` into the pay success. */
export function useCostLimit(hold: Amount | null): { field: ReactNode; applyTo: (orderId: string) => void } {
  const [limit, setLimit] = useState<number | null>(null);
  const set = useSetCostLimit();
  return {
    field: hold ? <CostLimitPicker hold={hold} value={limit} onChange={setLimit} /> : null,
    applyTo: (orderId) => {
      if (limit === null || !hold) return;
      set.mutate({ orderId, costLimit: { amount: limit, currency: hold.currency, precision: 2 } });
    },
  };
}

export function CostLimitPicker({
  hold,
  value,
  onChange,
}: {
  hold: Amount;
  value: number | null;
  onChange: (limit: number | null) => void;
}) {
  const { i18n } = useLingui();
  const choices = costLimitChoices(hold);
  if (choices.length === 0) return null;
  const money = (amount: number) =>
    formatMoney({ amount, currency: hold.currency, precision: hold.precision }, i18n.locale);
  return (
    <section className="ev-cost-limit" aria-labelledby="ev-cost-limit-title">
      <h2 id="ev-cost-limit-title" className="ev-cost-limit-title">
        <Trans>Cost limit</Trans>
      </h2>
      <p className="ev-cost-limit-hint">
        <Trans>Charging stops by itself when it reaches the amount you choose.</Trans>
      </p>
      <ChipGroup label={i18n._(msg`Cost limit`)}>
        <Chip selected={value === null} onClick={() => onChange(null)}>
          <Trans>No limit</Trans>
        </Chip>
        {choices.map((amount) => (
          <Chip key={amount} selected={value === amount} onClick={() => onChange(amount)}>
            {i18n._(msg`Up to ${money(amount)}`)}
          </Chip>
        ))}
      </ChipGroup>
    </section>
  );
}

/** The charging screen's reminder of the limit. */
export function CostLimitLine({ costLimit }: { costLimit: Order['costLimit'] }) {
  const { i18n } = useLingui();
  if (!costLimit) return null;
  return <p className="ev-cost-limit-line">{i18n._(msg`Charging stops at ${formatMoney(costLimit, i18n.locale)}.`)}</p>;
}

/** The receipt's word on how the charge ended: at the driver's limit, at the pre-authorization, by a fault. */
export function ChargeStopNote({ order }: { order: Pick<Order, 'charge' | 'costLimit' | 'authorizePrice'> }) {
  const { i18n } = useLingui();
  const note = stopNote(order.charge, order.costLimit);
  if (!note) return null;
  return (
    <Notice tone="info" live="none">
      {note.kind === 'cost-limit'
        ? i18n._(msg`Charging stopped at your limit of ${formatMoney(note.limit, i18n.locale)}.`)
        : note.kind === 'pre-authorization'
          ? order.authorizePrice
            ? i18n._(
                msg`Charging stopped at the pre-authorization of ${formatMoney(order.authorizePrice, i18n.locale)}.`,
              )
            : i18n._(msg`Charging stopped at the pre-authorization.`)
          : i18n._(msg`The charger reported a fault and stopped. You pay only for the energy charged.`)}
    </Notice>
  );
}
