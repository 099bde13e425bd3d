import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { filterKey, hasFilters } from '../../features/history/model/filters';
import { type HistoryFilters, historySearch } from '../../features/history/model/search';
import { historyListQuery } from '../../features/history/queries';
import { queryHistory, useHistory, useLastSynced } from '../../features/history/store';
import { FilterBar } from '../../features/history/ui/FilterSheet';
import { HistoryList } from '../../features/history/ui/HistoryList';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { isApiError } from '../../lib/http/errors';
import { useOnline } from '../../lib/use-online';
import { buttonClass, Chip, chipClass, EmptyState, Loading, Notice, Page, SkeletonList } from '../../ui';
import { DownloadIcon, HistoryIcon, PlusIcon, UploadIcon } from '../../ui/icons';

export const Route = createFileRoute('/history/')({
  validateSearch: historySearch,
  component: HistoryPage,
});

function HistoryPage() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/history/' });
  const filters: HistoryFilters = {
    type: search.type,
    vehicle: search.vehicle,
    product: search.product,
    period: search.period,
  };
  const { userId, vehicles } = useVehicles();
  const online = useOnline();
  const [sheet, setSheet] = useState(false);
  const [exporting, setExporting] = useState(false);
  const items = useHistory(userId, filters);
  const synced = useLastSynced(userId, filterKey(filters));
  const list = useInfiniteQuery({ ...historyListQuery(userId ?? '', filters), enabled: !!userId });
  const fetchedCount = (list.data?.pages ?? []).reduce((n, p) => n + p.count, 0);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const failed = list.isError && !(isApiError(list.error) && list.error.status === 0);
  // A load failure with nothing kept to show: the error page (§2.1 /history/error).
  if (failed && items !== undefined && items.length === 0) return <Navigate to="/history/error" />;
  async function onExport(kind: 'csv' | 'spritmonitor') {
    setExporting(true);
    try {
      const exports = await import('../../features/history/ui/export-csv');
      // The whole filtered logbook, not what the list shows so far (its first screen may still be all it has read).
      const kept = userId ? (await queryHistory(userId, filters, new Date())).map((i) => i.event) : [];
      const { file, name } =
        kind === 'csv'
          ? await exports.exportHistoryCsv({ i18n, filters, kept, online })
          : await exports.exportSpritmonitorCsv({ filters, kept, online });
      const url = URL.createObjectURL(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setExporting(false);
    }
  }
  const setFilters = (next: HistoryFilters) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const time = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Page
      actions={
        <Link to="/history/create" className={buttonClass({ fullWidth: true })}>
          <PlusIcon size={20} aria-hidden="true" />
          <Trans>Add cost</Trans>
        </Link>
      }
    >
      <h1 className="visually-hidden">
        <Trans>History</Trans>
      </h1>
      <FilterBar
        open={sheet}
        onOpen={() => setSheet(true)}
        onClose={() => setSheet(false)}
        filters={filters}
        vehicles={vehicles}
        onChange={setFilters}
      >
        <Link to="/history/transactions-overview" className={chipClass()}>
          <Trans>Statistics</Trans>
        </Link>
        <Chip icon={<DownloadIcon size={18} />} onClick={() => void onExport('csv')} disabled={exporting}>
          <Trans>Export CSV</Trans>
        </Chip>
        <Chip icon={<DownloadIcon size={18} />} onClick={() => void onExport('spritmonitor')} disabled={exporting}>
          <Trans>Export as Spritmonitor CSV</Trans>
        </Chip>
        <Link to="/history/import" className={chipClass()}>
          <UploadIcon size={18} aria-hidden="true" />
          <Trans>Import CSV</Trans>
        </Link>
      </FilterBar>
      {!online ? (
        <Notice tone="warning" live="status">
          <Trans>You are offline. This is the history kept on this phone.</Trans>
        </Notice>
      ) : null}
      <p className="history-synced" aria-live="polite">
        {synced ? (
          <Trans>Last synced {time.format(new Date(synced))}</Trans>
        ) : synced === null ? (
          <Trans>Not synced yet</Trans>
        ) : null}
      </p>
      {items === undefined || (items.length === 0 && list.isPending && online) ? (
        <Loading label={i18n._(msg`Loading the history`)}>
          <SkeletonList rows={6} />
        </Loading>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon size={32} />}
          title={hasFilters(filters) ? <Trans>Nothing matches these filters</Trans> : <Trans>No entries yet</Trans>}
          description={<Trans>Payments, trips and the costs you add appear here.</Trans>}
        />
      ) : (
        <HistoryList items={items} fetchedCount={fetchedCount} onNearEnd={onNearEnd} />
      )}
    </Page>
  );
}
