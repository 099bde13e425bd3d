import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { DeleteReach, HistoryEvent } from '../../../../contract/history';
import { type CostFormValues, fromCost, toCostBody } from '../../../features/history/model/cost-form';
import { eventAmount, eventIcon } from '../../../features/history/model/rows';
import {
  downloadInvoice,
  eventQuery,
  useDeleteCost,
  usePatchCost,
  useUnmergeTrip,
} from '../../../features/history/queries';
import { useKeptEvent } from '../../../features/history/store';
import { CostForm } from '../../../features/history/ui/CostForm';
import { EventDetail } from '../../../features/history/ui/EventDetail';
import { EventIcon } from '../../../features/history/ui/EventIcon';
import { EventImages } from '../../../features/history/ui/EventImages';
import { eventKindLabel, eventTitle, PENDING_LABEL } from '../../../features/history/ui/labels';
import { ReachSheet } from '../../../features/history/ui/ReachSheet';
import { useVehicles } from '../../../features/history/ui/use-vehicles';
import { errorText } from '../../../i18n/messages';
import { isApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { flag, looseSearchObject } from '../../../lib/search-schema';
import { Button, buttonClass, Dialog, EmptyState, Loading, Notice, Page, SkeletonText, toast } from '../../../ui';
import { EditIcon, ReceiptIcon, TrashIcon } from '../../../ui/icons';

export const Route = createFileRoute('/history/$id/')({
  validateSearch: looseSearchObject({ edit: flag() }),
  component: EventPage,
});

function EventPage() {
  const { id } = Route.useParams();
  const { i18n } = useLingui();
  const { userId } = useVehicles();
  const kept = useKeptEvent(id);
  const query = useQuery({ ...eventQuery(userId ?? '', id), enabled: !!userId && !id.startsWith('local-') });
  const event = kept?.event ?? query.data ?? null;
  if (!event) {
    if (query.isError && isApiError(query.error) && query.error.status === 404) {
      return (
        <Page>
          <EmptyState
            title={<Trans>This entry does not exist (any more)</Trans>}
            action={
              <Link to="/history" className={buttonClass()}>
                <Trans>Back to the history</Trans>
              </Link>
            }
          />
        </Page>
      );
    }
    if (query.isError && kept === null) return <Navigate to="/history/error" />;
    return (
      <Page>
        <Loading label={i18n._(msg`Loading the entry`)}>
          <SkeletonText lines={8} />
        </Loading>
      </Page>
    );
  }
  return <EventView event={event} userId={userId ?? ''} pending={!!kept?.pending} pendingImage={kept?.pendingImage} />;
}

function EventView({
  event,
  userId,
  pending,
  pendingImage,
}: {
  event: HistoryEvent;
  userId: string;
  pending: boolean;
  pendingImage?: { bytes: ArrayBuffer; type: string } | undefined;
}) {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { vehicles } = useVehicles();
  const remove = useDeleteCost();
  const patch = usePatchCost();
  const unmerge = useUnmergeTrip();
  const [asking, setAsking] = useState<'reach' | 'confirm' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const confirmTitle = useId();
  const amount = eventAmount(event);
  const recurring = (event.cost?.recurrencePeriod ?? 'NEVER') !== 'NEVER';

  async function onDelete(reach: DeleteReach) {
    try {
      await remove.mutateAsync({ id: event._id, category: event.cost?.category, reach });
      setAsking(null);
      toast.show({ text: i18n._(msg`Deleted`), tone: 'success' });
      await navigate({ to: '/history' });
    } catch (error) {
      setAsking(null);
      setFailure(errorText(i18n, error));
    }
  }

  async function onInvoice() {
    if (!event.payment) return;
    setDownloading(true);
    setFailure(null);
    try {
      const blob = await downloadInvoice(event.payment.orderId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `invoice-${event.payment.orderId}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // §8 "invoice download error"
      setFailure(i18n._(msg`The invoice could not be downloaded. Please try again later.`));
    } finally {
      setDownloading(false);
    }
  }

  async function onUnmerge() {
    try {
      await unmerge.mutateAsync({ id: event._id });
      toast.show({ text: i18n._(msg`The trips are separate again`), tone: 'success' });
      await navigate({ to: '/history', search: { type: 'TRIP' } });
    } catch (error) {
      setFailure(errorText(i18n, error));
    }
  }

  async function onEdit(values: CostFormValues) {
    const { recurrencePeriod: _r, ...body } = toCostBody(values, i18n.locale, new Date(event.sampleTime));
    await patch.mutateAsync({ userId, id: event._id, body });
    toast.show({ text: i18n._(msg`Cost saved`), tone: 'success' });
    await navigate({ to: '/history/$id', params: { id: event._id }, search: {}, replace: true });
  }

  if (search.edit && event.cost && !pending) {
    return (
      <Page title={<Trans>Edit cost</Trans>}>
        {recurring ? (
          <Notice tone="info">
            <Trans>Only this entry changes; the others of this recurring cost stay as they are.</Trans>
          </Notice>
        ) : null}
        <CostForm
          initial={fromCost(event, i18n.locale)}
          userId={userId}
          vehicles={vehicles}
          withRecurrence={false}
          editing={event._id}
          submitLabel={<Trans>Save changes</Trans>}
          onSubmit={onEdit}
        />
      </Page>
    );
  }

  const actions =
    event.cost && !pending ? (
      <>
        <Link
          to="/history/$id"
          params={{ id: event._id }}
          search={{ edit: true }}
          className={buttonClass({ variant: 'secondary' })}
        >
          <EditIcon size={20} aria-hidden="true" />
          <Trans>Edit</Trans>
        </Link>
        <Button
          variant="danger"
          icon={<TrashIcon size={20} />}
          onClick={() => setAsking(recurring ? 'reach' : 'confirm')}
        >
          <Trans>Delete</Trans>
        </Button>
      </>
    ) : event.payment ? (
      <Button icon={<ReceiptIcon size={20} />} loading={downloading} onClick={() => void onInvoice()}>
        <Trans>Download invoice (PDF)</Trans>
      </Button>
    ) : event.trip ? (
      event.trip.isResultOfMerge ? (
        <Button variant="secondary" loading={unmerge.isPending} onClick={() => void onUnmerge()}>
          <Trans>Unmerge</Trans>
        </Button>
      ) : (
        <Link to="/history/$id/merge" params={{ id: event._id }} className={buttonClass()}>
          <Trans>Merge with other trips</Trans>
        </Link>
      )
    ) : null;

  return (
    <Page eyebrow={eventKindLabel(i18n, event)} title={eventTitle(i18n, event)} actions={actions}>
      <div className="history-toolbar">
        <span className="history-row-icon">
          <EventIcon kind={eventIcon(event)} size={24} />
        </span>
        {amount ? <span className="history-amount">{formatMoney(amount, i18n.locale)}</span> : null}
      </div>
      {pending ? (
        <Notice tone="info" live="status">
          {i18n._(PENDING_LABEL)}
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="danger" live="alert">
          {failure}
        </Notice>
      ) : null}
      <EventDetail event={event} />
      <EventImages event={event} userId={userId} pendingImage={pendingImage} />
      <ReachSheet
        open={asking === 'reach'}
        onClose={() => setAsking(null)}
        onDelete={(r) => void onDelete(r)}
        pending={remove.isPending}
      />
      <Dialog open={asking === 'confirm'} onClose={() => setAsking(null)} labelledBy={confirmTitle}>
        <h2 id={confirmTitle}>
          <Trans>Delete this cost?</Trans>
        </h2>
        <div className="actions">
          <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete('onlyThis')}>
            <Trans>Delete</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
