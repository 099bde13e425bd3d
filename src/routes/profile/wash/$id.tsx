import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { fetchOrder } from '../../../features/orders/queries';
import { useSession } from '../../../features/session/queries';
import { ticketState } from '../../../features/wash/model/tickets';
import { keepTicketsOf } from '../../../features/wash/queries';
import { useWashTicket } from '../../../features/wash/store';
import { useRedeemTicket } from '../../../features/wash/tickets-queries';
import { formatTicketTime } from '../../../features/wash/ui/TicketRow';
import { WashCode } from '../../../features/wash/ui/WashCode';
import '../../../features/wash/ui/wash.css';
import { errorText } from '../../../i18n/messages';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, Card, Dialog, Money, Notice, Page, SkeletonList, toast } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { accountPage } from '../../-account-page';

export const Route = createFileRoute('/profile/wash/$id')({
  beforeLoad: accountPage,
  component: WashTicketPage,
});

/**
 * One wash ticket (§2.4 "code, QR, price and used date. Mark a ticket as used"): from the device, so code and QR open
 * without signal; with signal the order is asked again, so a code used at the terminal shows as used.
 */
function WashTicketPage() {
  const { id } = Route.useParams();
  const { i18n } = useLingui();
  const record = useSession();
  const online = useOnline();
  const ticket = useWashTicket(id, record?.userId ?? null);
  const redeem = useRedeemTicket();
  const [confirm, setConfirm] = useState(false);
  const dialogTitle = useId();
  useQuery({
    queryKey: ['wash', 'ticket-order', ticket?.orderId ?? ''],
    queryFn: async () => {
      const order = await fetchOrder(ticket?.orderId ?? '');
      await keepTicketsOf(order);
      return order.state;
    },
    enabled: online && !!ticket,
    retry: false,
    staleTime: 0,
  });

  if (ticket === undefined) {
    return (
      <Page title={<Trans>Wash ticket</Trans>}>
        <SkeletonList rows={3} />
      </Page>
    );
  }
  if (ticket === null) {
    return (
      <Page title={<Trans>Wash ticket not found</Trans>}>
        <Notice tone="info">
          <Trans>This wash code is not kept on this device.</Trans>
        </Notice>
        <Link to="/profile/wash" className={buttonClass({ variant: 'secondary' })}>
          <Trans>All wash tickets</Trans>
        </Link>
      </Page>
    );
  }

  const state = ticketState(ticket, Date.now());
  async function markUsed() {
    if (!ticket) return;
    try {
      const result = await redeem.mutateAsync({ ticketId: ticket.id });
      setConfirm(false);
      // Queued without signal: the notice on the page says so; sent: a short confirmation.
      if (result.status === 'sent') toast.show({ text: i18n._(msg`Marked as used.`), tone: 'success' });
    } catch (error) {
      setConfirm(false);
      toast.show({
        text: `${i18n._(msg`The wash code could not be marked as used.`)} ${errorText(i18n, error)}`,
        tone: 'danger',
      });
    }
  }

  return (
    <Page
      title={ticket.packageName ?? <Trans>Car wash</Trans>}
      actions={
        state === 'VALID' ? (
          <Button
            size="lg"
            variant="secondary"
            icon={<CheckIcon size={20} aria-hidden="true" />}
            onClick={() => setConfirm(true)}
          >
            <Trans>Mark as used</Trans>
          </Button>
        ) : undefined
      }
    >
      <WashCode ticket={ticket} />
      {state === 'EXPIRED' ? (
        <Notice tone="warning" live="none">
          <Trans>This code has expired and can no longer be used.</Trans>
        </Notice>
      ) : null}
      {state === 'USED' && ticket.redeemPending ? (
        <Notice tone="info" live="none">
          <Trans>Marked as used on this phone; it is sent when you are online again.</Trans>
        </Notice>
      ) : null}
      <Card>
        <dl className="wash-ticket-facts">
          {ticket.usedAt ? (
            <div>
              <dt>
                <Trans>Used on</Trans>
              </dt>
              <dd>{formatTicketTime(i18n.locale, ticket.usedAt)}</dd>
            </div>
          ) : null}
          {ticket.amount ? (
            <div>
              <dt>
                <Trans>Price</Trans>
              </dt>
              <dd>
                <Money value={ticket.amount} />
              </dd>
            </div>
          ) : null}
          {ticket.station ? (
            <div>
              <dt>
                <Trans>Station</Trans>
              </dt>
              <dd>{ticket.station.name}</dd>
            </div>
          ) : null}
          {ticket.bayName ? (
            <div>
              <dt>
                <Trans>Wash bay</Trans>
              </dt>
              <dd>{ticket.bayName}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Trans>Bought on</Trans>
            </dt>
            <dd>{formatTicketTime(i18n.locale, ticket.purchasedAt)}</dd>
          </div>
        </dl>
      </Card>
      <Dialog open={confirm} onClose={() => setConfirm(false)} labelledBy={dialogTitle}>
        <h2 id={dialogTitle}>
          <Trans>Mark this code as used?</Trans>
        </h2>
        <p>
          <Trans>Do this once your wash has started. A used code cannot be used again.</Trans>
        </p>
        <div className="actions">
          <Button loading={redeem.isPending} onClick={() => void markUsed()}>
            <Trans>Mark as used</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
