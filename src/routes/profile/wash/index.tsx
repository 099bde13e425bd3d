import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../../../features/session/queries';
import { sortTickets, ticketState } from '../../../features/wash/model/tickets';
import { useWashTickets } from '../../../features/wash/store';
import { TicketRow } from '../../../features/wash/ui/TicketRow';
import '../../../features/wash/ui/wash.css';
import { buttonClass, EmptyState, List, Page, SkeletonList } from '../../../ui';
import { CarWashIcon } from '../../../ui/icons';
import { accountPage } from '../../-account-page';

export const Route = createFileRoute('/profile/wash/')({
  beforeLoad: accountPage,
  component: WashTickets,
});

/**
 * The driver's wash tickets (shell-and-account.md §2.4 "Wash tickets: list with code, QR, price and used date"), read
 * from the device (Dexie), so the list opens without signal: codes still to use first, the soonest to expire on top.
 */
function WashTickets() {
  const record = useSession();
  const tickets = useWashTickets(record?.userId ?? null);
  const now = Date.now();
  const sorted = tickets ? sortTickets(tickets, now) : undefined;
  const open = sorted?.filter((t) => ticketState(t, now) === 'VALID') ?? [];
  const done = sorted?.filter((t) => ticketState(t, now) !== 'VALID') ?? [];
  return (
    <Page title={<Trans>Wash tickets</Trans>}>
      {sorted === undefined ? (
        <SkeletonList rows={3} />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={<CarWashIcon size={32} />}
          title={<Trans>No wash tickets yet</Trans>}
          description={
            <Trans>When you buy a car wash in the app, its code is kept here, also for use without signal.</Trans>
          }
          action={
            <Link to="/map" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Find a station</Trans>
            </Link>
          }
        />
      ) : (
        <>
          {open.length > 0 ? (
            <List header={<Trans>Ready to use</Trans>}>
              {open.map((t) => (
                <TicketRow
                  key={t.id}
                  ticket={t}
                  now={now}
                  render={(row) => <Link to="/profile/wash/$id" params={{ id: t.id }} {...row} />}
                />
              ))}
            </List>
          ) : null}
          {done.length > 0 ? (
            <List header={<Trans>Used and expired</Trans>}>
              {done.map((t) => (
                <TicketRow
                  key={t.id}
                  ticket={t}
                  now={now}
                  render={(row) => <Link to="/profile/wash/$id" params={{ id: t.id }} {...row} />}
                />
              ))}
            </List>
          ) : null}
        </>
      )}
    </Page>
  );
}
