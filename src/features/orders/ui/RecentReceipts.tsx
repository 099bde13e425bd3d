import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../lib/money';
import { receiptTime } from '../model/receipt';
import { useRecentReceipts } from '../store';

/**
 * The driver's last receipts kept on this phone (issue: "the last receipts open without signal"): each opens the
 * receipt page, which shows the stored copy when there is no signal.
 */
export function RecentReceipts({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const receipts = useRecentReceipts(userId, 5);
  if (!receipts) return null;
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="settings-receipts">
      <h2 id="settings-receipts">
        <Trans>Recent receipts</Trans>
      </h2>
      {receipts.length === 0 ? (
        <p className="muted">
          <Trans>Your receipts appear here after fuelling, and open without signal.</Trans>
        </p>
      ) : (
        <ul className="link-list">
          {receipts.map((r) => {
            const total = r.order.totalAfterDiscounts;
            const station = r.station?.name ?? null;
            return (
              <li key={r.id}>
                <Link to="/pay/finish" search={{ pid: r.order.poiId, orderId: r.id, orderType: r.order.orderType }}>
                  {date.format(new Date(receiptTime(r.order)))}
                  {station ? ` · ${station}` : ''}
                  {total ? ` · ${formatMoney(total, i18n.locale)}` : ''}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
