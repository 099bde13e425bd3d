import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Order } from '../../../../contract/orders';
import { formatQuantity } from '../../../lib/money';
import { Loading, Money, Skeleton } from '../../../ui';
import { CardIcon } from '../../../ui/icons';
import { receiptTime, type StationSummary } from '../model/receipt';
import { ReceiptIcon } from './icons';
import './orders.css';

/** The receipt of pay-flows.md §2 plus what was held, charged and released on the card. */
export function Receipt({ order, station }: { order: Order; station: StationSummary | null }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const product = order.products[0];
  const pay = product?.attributes?.paymentAttributes;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(receiptTime(order)),
  );
  const total = order.totalAfterDiscounts ?? pay?.totalPrice ?? null;
  const unit = pay?.unit === 'KWH' ? 'kWh' : 'l';
  const payment = order.payment;
  return (
    <article className="receipt-card" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <span className="receipt-head-icon" aria-hidden="true">
          <ReceiptIcon size={22} />
        </span>
        <div className="receipt-head-text">
          <h2 id="receipt-title">
            <Trans>Receipt</Trans>
          </h2>
          {station ? (
            <p>
              <span className="receipt-station">{station.brand}</span>
              <span className="receipt-address">{station.address}</span>
            </p>
          ) : null}
        </div>
      </header>
      <dl className="receipt-lines">
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
              {formatQuantity(pay.quantity, locale)} {unit}
            </dd>
          </div>
        ) : null}
        {pay?.unitPrice ? (
          <div>
            <dt>
              <Trans>Price per unit</Trans>
            </dt>
            <dd>
              <Money value={pay.unitPrice} variant="unit" per={unit} />
            </dd>
          </div>
        ) : null}
        {order.vouchers.map((voucher) =>
          voucher.paymentAttributes ? (
            <div key={voucher.id} className="receipt-discount">
              <dt>{voucher.name}</dt>
              <dd>
                <Money value={voucher.paymentAttributes.totalPrice} negative />
              </dd>
            </div>
          ) : null,
        )}
        {order.loyaltyItems.map((item) => (
          <div key={item.programName} className="receipt-loyalty">
            <dt>{item.programName}</dt>
            <dd>
              <Trans>
                +{item.amount} points ({item.totalAmount} in total)
              </Trans>
            </dd>
          </div>
        ))}
      </dl>
      {total ? (
        <dl className="receipt-total">
          <div>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <Money value={total} size="lg" />
            </dd>
          </div>
        </dl>
      ) : null}
      {payment ? (
        <section className="receipt-ledger" aria-labelledby="receipt-card">
          <h3 id="receipt-card">
            <CardIcon size={18} aria-hidden="true" />
            <span>
              <Trans>Your card</Trans>
              {payment.brand ? ` · ${payment.brand} •••• ${payment.last4 ?? ''}` : ''}
            </span>
          </h3>
          <dl>
            {payment.held ? (
              <div>
                <dt>
                  <Trans>Reserved</Trans>
                </dt>
                <dd>
                  <Money value={payment.held} />
                </dd>
              </div>
            ) : null}
            <div className="receipt-charged">
              <dt>
                <Trans>Charged</Trans>
              </dt>
              <dd>
                <Money value={payment.captured ?? { ...(payment.held ?? total!), amount: 0 }} />
              </dd>
            </div>
            {payment.released ? (
              <div>
                <dt>
                  <Trans>Released</Trans>
                </dt>
                <dd>
                  <Money value={payment.released} />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
    </article>
  );
}

/** The receipt's shape while the order is finished (header, lines, total), under one "Loading…" status. */
export function ReceiptSkeleton({ label }: { label: string }) {
  return (
    <Loading label={label}>
      <div className="receipt-card receipt-skeleton">
        <div className="receipt-head">
          <Skeleton width="2.5rem" height="2.5rem" radius="var(--radius-md)" />
          <div className="receipt-skeleton-lines">
            <Skeleton width="7rem" height="1.25rem" />
            <Skeleton width="12rem" height="0.875rem" />
          </div>
        </div>
        <div className="receipt-lines">
          {['time', 'fuel', 'pump', 'quantity', 'price'].map((row) => (
            <div key={row}>
              <Skeleton width="5.5rem" height="0.875rem" />
              <Skeleton width="6.5rem" height="0.875rem" />
            </div>
          ))}
        </div>
        <div className="receipt-total">
          <div>
            <Skeleton width="4rem" height="1.25rem" />
            <Skeleton width="6rem" height="1.75rem" />
          </div>
        </div>
      </div>
    </Loading>
  );
}
