// One wash ticket in the account's list: package, code, and whether it is still to use, used or expired.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { RowProps } from '../../../ui';
import { ListItem, Money } from '../../../ui';
import { CarWashIcon } from '../../../ui/icons';
import { type TicketState, ticketState, type WashTicket } from '../model/tickets';
import { groupDigits } from './WashCode';

export function formatTicketTime(locale: string, at: string | number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** "Valid until …", "Used on …", "Expired on …" (the date the driver needs for each state). */
export function TicketStatus({ ticket, state }: { ticket: WashTicket & { usedAt?: number }; state: TicketState }) {
  const { i18n } = useLingui();
  const expiry = formatTicketTime(i18n.locale, ticket.expirationDate);
  if (state === 'USED') {
    return ticket.usedAt ? <Trans>Used on {formatTicketTime(i18n.locale, ticket.usedAt)}</Trans> : <Trans>Used</Trans>;
  }
  return state === 'EXPIRED' ? <Trans>Expired on {expiry}</Trans> : <Trans>Valid until {expiry}</Trans>;
}

export function TicketRow({
  ticket,
  now,
  render,
}: {
  ticket: WashTicket & { usedAt?: number };
  now: number;
  render: (row: RowProps) => ReactNode;
}) {
  const state = ticketState(ticket, now);
  return (
    <ListItem
      className={`wash-ticket wash-ticket--${state.toLowerCase()}`}
      leading={<CarWashIcon size={20} />}
      title={
        <>
          {ticket.packageName ?? <Trans>Car wash</Trans>}{' '}
          <span className="wash-ticket-code">{groupDigits(ticket.code)}</span>
        </>
      }
      subtitle={<TicketStatus ticket={ticket} state={state} />}
      trailing={ticket.amount ? <Money value={ticket.amount} size="sm" /> : undefined}
      render={render}
    />
  );
}
