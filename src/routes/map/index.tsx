import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requireAuth } from '../../app/guards';
import { uiQuery } from '../../app/query-carry';
import { type MapSearch, mapSearch } from '../../features/map/model/filters';
import { MapScreen } from '../../features/map/ui/MapScreen';
import { buttonClass } from '../../ui';
import { SettingsIcon } from '../../ui/icons';

/** The station map, the driver's home (shell-and-account.md §2.1: auth, full width, no top-bar title). */
export const Route = createFileRoute('/map/')({
  validateSearch: uiQuery.extend(mapSearch.shape),
  beforeLoad: requireAuth,
  component: MapPage,
});

function MapPage() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Filter and view changes replace the entry: back leaves the map instead of stepping through filters.
  const onSearch = useCallback(
    (patch: Partial<MapSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  return (
    <MapScreen
      search={search}
      onSearch={onSearch}
      payLink={(pid) => (
        <Link to="/pay" search={{ pid }} className={buttonClass()}>
          <Trans>Pay here</Trans>
        </Link>
      )}
      settingsLink={
        <Link to="/settings" className="icon-button icon-button--outline" aria-label={i18n._(msg`Settings`)}>
          <SettingsIcon size={22} aria-hidden="true" />
        </Link>
      }
    />
  );
}
