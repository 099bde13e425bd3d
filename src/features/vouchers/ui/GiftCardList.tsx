// The driver's gift cards in the voucher store (shell-and-account.md §3 Gift card: code, expiry, amount, balance).
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { GiftCard } from '../../../../contract/vouchers';
import { List, ListItem, Money } from '../../../ui';
import { GiftIcon } from '../../../ui/icons';
import './vouchers.css';

export function GiftCardList({ cards }: { cards: readonly GiftCard[] }) {
  const { i18n } = useLingui();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <List>
      {cards.map((c) => (
        <ListItem
          key={`${c.orderId}-${c.code}`}
          leading={<GiftIcon size={20} />}
          title={
            <span className="gift-card-title">
              {c.name} · <span className="gift-card-number">{c.code}</span>
            </span>
          }
          subtitle={
            <Trans>
              Value <Money value={c.amount} /> · valid until {date(c.expirationDate)}
            </Trans>
          }
          trailing={
            <span className={c.balance.amount > 0 ? 'voucher-label' : 'voucher-off'} data-testid="gift-card-balance">
              <span className="visually-hidden">
                <Trans>Balance</Trans>{' '}
              </span>
              <Money value={c.balance} />
            </span>
          }
        />
      ))}
    </List>
  );
}
