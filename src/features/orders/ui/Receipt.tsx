import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Order } from '../../../contract/orders';
import { formatMoney, formatQuantity, formatUnitPrice } from '../../../lib/money';
import { receiptTime } from '../model/receipt';

/** The receipt of pay-flows.md §2 plus what was held, charged and released on the card. */
export function Receipt({ order, stationName }: { order: Order; stationName: string | null }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const product = order.products[0];
  const pay = product?.attributes?.paymentAttributes;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(receiptTime(order)),
  );
  const total = order.totalAfterDiscounts ?? pay?.totalPrice ?? null;
  const payment = order.payment;
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="visually-hidden">
        <Trans>Receipt</Trans>
      </h2>
      {stationName ? <p className="receipt-station">{stationName}</p> : null}
      <dl className="summary">
        <div>
          <dt>
            <Trans>Time</Trans>
          </dt>
          <dd>{time}</dd>
        </div>
        {product?.fuelType ? (
          <div>
            <dt>
              <Trans>Fuel</Trans>
            </dt>
            <dd>{product.fuelType.name}</dd>
          </div>
        ) : null}
        {product ? (
          <div>
            <dt>
              <Trans>Pump</Trans>
            </dt>
            <dd>{product.name}</dd>
          </div>
        ) : null}
        {pay?.quantity !== undefined ? (
          <div>
            <dt>
              <Trans>Quantity</Trans>
            </dt>
            <dd>
              {formatQuantity(pay.quantity, locale)} {pay.unit === 'KWH' ? 'kWh' : 'l'}
            </dd>
          </div>
        ) : null}
        {pay?.unitPrice ? (
          <div>
            <dt>
              <Trans>Price per unit</Trans>
            </dt>
            <dd>{formatUnitPrice(pay.unitPrice, locale)}</dd>
          </div>
        ) : null}
        {order.vouchers.map((voucher) =>
          voucher.paymentAttributes ? (
            <div key={voucher.id}>
              <dt>{voucher.name}</dt>
              <dd>−{formatMoney(voucher.paymentAttributes.totalPrice, locale)}</dd>
            </div>
          ) : null,
        )}
        {order.loyaltyItems.map((item) => (
          <div key={item.programName}>
            <dt>{item.programName}</dt>
            <dd>{item.amount}</dd>
          </div>
        ))}
        {total ? (
          <div className="summary-total">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{formatMoney(total, locale)}</dd>
          </div>
        ) : null}
      </dl>
      {payment ? (
        <section aria-labelledby="receipt-card">
          <h3 id="receipt-card">
            <Trans>Your card</Trans>
            {payment.brand ? ` · ${payment.brand} •••• ${payment.last4 ?? ''}` : ''}
          </h3>
          <dl className="summary ledger">
            {payment.held ? (
              <div>
                <dt>
                  <Trans>Reserved</Trans>
                </dt>
                <dd>{formatMoney(payment.held, locale)}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <Trans>Charged</Trans>
              </dt>
              <dd>{formatMoney(payment.captured ?? { ...(payment.held ?? total!), amount: 0 }, locale)}</dd>
            </div>
            {payment.released ? (
              <div>
                <dt>
                  <Trans>Released</Trans>
                </dt>
                <dd>{formatMoney(payment.released, locale)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
