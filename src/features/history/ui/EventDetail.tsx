import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { HistoryEvent } from '../../../../contract/history';
import { fromDeciCents } from '../../../../contract/money';
import { formatMoney, formatQuantity, formatUnitPrice } from '../../../lib/money';
import { CATEGORY_LABELS, formatKm, PRODUCT_LABELS, RECURRENCE_LABELS } from './labels';

/** Every field of an event by its kind (§3 History event, Payment and EV fields, Trip, Cost), as a definition list. */
export function EventDetail({ event }: { event: HistoryEvent }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
  const rows: Array<[string, ReactNode]> = [];
  const add = (label: string, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, value]);
  };
  const yes = (b: boolean | null) => (b === null ? null : b ? i18n._(msg`Yes`) : i18n._(msg`No`));
  add(i18n._(msg`Date`), when.format(new Date(event.sampleTime)));
  const p = event.payment;
  if (p) {
    add(i18n._(msg`Product`), i18n._(PRODUCT_LABELS[p.productType]));
    add(i18n._(msg`Station`), p.stationName);
    add(i18n._(msg`Address`), p.stationAddress);
    add(p.productType === 'EV_CHARGE' ? i18n._(msg`Charge point`) : i18n._(msg`Pump`), p.pump);
    add(i18n._(msg`Fuel`), p.fuelName);
    if (p.unitPrice) add(i18n._(msg`Unit price`), formatUnitPrice(p.unitPrice, locale));
    if (p.quantity !== null)
      add(
        i18n._(msg`Quantity`),
        `${formatQuantity(p.quantity, locale)} ${p.unit === 'KWH' ? 'kWh' : p.unit === 'LTR' ? 'l' : ''}`.trim(),
      );
    add(i18n._(msg`Amount`), formatMoney(p.amount, locale));
    for (const d of p.discounts) add(d.name, `−${formatMoney(d.amount, locale)}`);
    add(i18n._(msg`Total`), formatMoney(p.total, locale));
    if (p.paymentMethod)
      add(
        i18n._(msg`Paid with`),
        [p.paymentMethod.brand, p.paymentMethod.last4 ? `•••• ${p.paymentMethod.last4}` : null]
          .filter(Boolean)
          .join(' '),
      );
    if (p.ev) {
      add(i18n._(msg`Energy`), p.ev.energyKwh === null ? null : `${formatQuantity(p.ev.energyKwh, locale)} kWh`);
      add(i18n._(msg`Output`), p.ev.outputKw === null ? null : `${p.ev.outputKw} kW`);
      add(i18n._(msg`Plug type`), p.ev.plugType);
      for (const [label, value] of [
        [msg`One-time fee`, p.ev.oneTimeFee],
        [msg`Time tariff`, p.ev.timeTariff],
        [msg`Blocking fee`, p.ev.blockingFee],
        [msg`Parking`, p.ev.parking],
      ] as const)
        if (value) add(i18n._(label), formatMoney(value, locale));
    }
    if (p.wash) add(i18n._(msg`Wash programme`), p.wash.programme);
    if (p.odometer !== null) add(i18n._(msg`Mileage`), formatKm(p.odometer, locale));
    add(i18n._(msg`Tank filled up`), yes(p.tankFull));
    add(i18n._(msg`Order`), p.orderId);
  }
  const c = event.cost;
  if (c) {
    add(i18n._(msg`Category`), i18n._(CATEGORY_LABELS[c.category]));
    add(i18n._(msg`Price`), formatMoney(fromDeciCents(c.price, c.currency), locale));
    add(i18n._(msg`Repeats`), i18n._(RECURRENCE_LABELS[c.recurrencePeriod]));
    add(i18n._(msg`Name`), c.name);
    if (c.fuelQuantity !== null) add(i18n._(msg`Litres`), `${formatQuantity(c.fuelQuantity / 10, locale)} l`);
    if (c.odometer !== null) add(i18n._(msg`Mileage`), formatKm(c.odometer, locale));
    add(i18n._(msg`Tank filled up`), yes(c.tankFull));
    add(i18n._(msg`Notes`), c.notes);
  }
  const t = event.trip;
  if (t) {
    add(i18n._(msg`Distance`), formatKm(t.distanceM, locale));
    add(i18n._(msg`From`), t.startAddress);
    add(i18n._(msg`To`), t.endAddress);
    add(i18n._(msg`Ended`), when.format(new Date(t.timeliness.endTime)));
    add(i18n._(msg`Duration`), `${Math.round(t.timeliness.durationS / 60)} min`);
    add(i18n._(msg`Driving score`), t.drivingScore === null ? null : `${t.drivingScore} / 100`);
    if (t.isResultOfMerge)
      add(i18n._(msg`Merged from`), <Plural value={t.mergedFrom.length} one="# trip" other="# trips" />);
  }
  return (
    <dl className="history-fields">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
