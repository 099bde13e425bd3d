import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { HistoryEvent } from '../../../../contract/history';
import { eventQuery, mergeCandidatesQuery, useMergeTrips } from '../../../features/history/queries';
import { useKeptEvent } from '../../../features/history/store';
import { eventTitle, formatKm } from '../../../features/history/ui/labels';
import { useVehicles } from '../../../features/history/ui/use-vehicles';
import { errorText } from '../../../i18n/messages';
import { Button, Checkbox, Loading, Notice, Page, SkeletonList } from '../../../ui';

export const Route = createFileRoute('/history/$id/merge')({
  component: MergePage,
});

/** Whether the chosen rows are one run of neighbours in the vehicle's trip list (the server's "consecutive"). */
function consecutive(indexes: number[]): boolean {
  const sorted = [...indexes].sort((a, b) => a - b);
  return sorted.every((n, i) => i === 0 || n === (sorted[i - 1] ?? 0) + 1);
}

/** §2.4 / §4 Merged trips: pick among the 40 trips around this one and merge them into one. */
function MergePage() {
  const { id } = Route.useParams();
  const { i18n } = useLingui();
  const { userId } = useVehicles();
  const kept = useKeptEvent(id);
  const detail = useQuery({ ...eventQuery(userId ?? '', id), enabled: !!userId });
  const trip = kept?.event ?? detail.data ?? null;
  if (!trip) {
    if (detail.isError) return <Navigate to="/history/error" />;
    return (
      <Page title={<Trans>Merge trips</Trans>}>
        <Loading label={i18n._(msg`Loading the trips`)}>
          <SkeletonList rows={6} />
        </Loading>
      </Page>
    );
  }
  if (!trip.trip || !trip.thingId) return <Navigate to="/history/$id" params={{ id }} />;
  return <Picker trip={trip} userId={userId ?? ''} />;
}

function Picker({ trip, userId }: { trip: HistoryEvent; userId: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const candidates = useQuery(mergeCandidatesQuery(trip));
  const merge = useMergeTrips();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set([trip._id]));
  const [failure, setFailure] = useState<string | null>(null);
  const trips = candidates.data?.events ?? [];
  const indexes = trips.flatMap((t, i) => (chosen.has(t._id) ? [i] : []));
  const ok = chosen.size >= 2 && consecutive(indexes);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  async function onMerge() {
    setFailure(null);
    try {
      const merged = await merge.mutateAsync({ userId, eventIds: [...chosen], thingId: trip.thingId as string });
      await navigate({ to: '/history/$id', params: { id: merged._id } });
    } catch (error) {
      setFailure(errorText(i18n, error));
    }
  }

  return (
    <Page
      title={<Trans>Merge trips</Trans>}
      description={<Trans>Choose the trips right before or after this one to make one trip of them.</Trans>}
      actions={
        <Button fullWidth disabled={!ok} loading={merge.isPending} onClick={() => void onMerge()}>
          <Plural value={chosen.size} one="Merge # trip" other="Merge # trips" />
        </Button>
      }
    >
      {failure ? (
        <Notice tone="danger" live="alert">
          {failure}
        </Notice>
      ) : null}
      {chosen.size >= 2 && !ok ? (
        <Notice tone="warning" live="status">
          <Trans>Only trips that follow each other can be merged.</Trans>
        </Notice>
      ) : null}
      {candidates.isPending ? (
        <Loading label={i18n._(msg`Loading the trips`)}>
          <SkeletonList rows={6} />
        </Loading>
      ) : candidates.isError ? (
        <Notice tone="danger" live="alert">
          {errorText(i18n, candidates.error)}
        </Notice>
      ) : (
        <fieldset className="ui-radio-list">
          <legend className="visually-hidden">
            <Trans>Trips</Trans>
          </legend>
          {trips.map((t) => (
            <Checkbox
              key={t._id}
              name="trip"
              checked={chosen.has(t._id)}
              disabled={t._id === trip._id}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(t._id);
                else next.delete(t._id);
                setChosen(next);
              }}
              label={`${when.format(new Date(t.sampleTime))} · ${eventTitle(i18n, t)} · ${t.trip ? formatKm(t.trip.distanceM, i18n.locale) : ''}`}
            />
          ))}
        </fieldset>
      )}
    </Page>
  );
}
