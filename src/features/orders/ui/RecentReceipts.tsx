import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { List, ListItem, Money } from '../../../ui';
import { receiptTime } from '../model/receipt';
import { useRecentReceipts } from '../store';
import { ReceiptIcon } from './icons';

/**
 * The driver's last receipts kept on this phone (issue: "the last receipts open without signal"): each opens the
 * receipt page, which shows the stored copy when there is no signal.
 */
export function RecentReceipts({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const receipts = useRecentReceipts(userId, 5);
  if (!receipts) return null;
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (receipts.length === 0) {
    return (
      <List header={<Trans>Recent receipts</Trans>}>
        <ListItem
          leading={<ReceiptIcon size={20} />}
          title={<Trans>No receipts yet</Trans>}
          subtitle={<Trans>Your receipts appear here after fuelling, and open without signal.</Trans>}
        />
      </List>
    );
  }
  return (
    <List header={<Trans>Recent receipts</Trans>}>
      {receipts.map((r) => {
        const total = r.order.totalAfterDiscounts;
        const time = date.format(new Date(receiptTime(r.order)));
        return (
          <ListItem
            key={r.id}
            leading={<ReceiptIcon size={20} />}
            title={r.station?.brand ?? i18n._(msg`Receipt`)}
            subtitle={r.station ? `${time} · ${r.station.address}` : time}
            trailing={total ? <Money value={total} /> : undefined}
            render={(row) => (
              <Link
                to="/pay/finish"
                search={{ pid: r.order.poiId, orderId: r.id, orderType: r.order.orderType }}
                {...row}
              />
            )}
          />
        );
      })}
    </List>
  );
}
