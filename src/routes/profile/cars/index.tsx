import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Thing } from '../../../../contract/vehicles';
import { preferencesQuery } from '../../../features/profile/queries';
import { useSession } from '../../../features/session/queries';
import { useVehiclesSync } from '../../../features/vehicles/queries';
import { useKeptVehicles } from '../../../features/vehicles/store';
import { TYPE_LABELS } from '../../../features/vehicles/ui/labels';
import { buttonClass, EmptyState, List, ListItem, Notice, Page, SkeletonList } from '../../../ui';
import { CarIcon, MotorcycleIcon, PlusIcon, StarIcon } from '../../../ui/icons';
import { accountFeaturePage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/cars/')({
  beforeLoad: accountFeaturePage(featureGates.carProfile),
  component: Vehicles,
});

/** Brand and model (unless they are the name already) and the plate. */
function subtitleOf(v: Thing): string {
  const makeModel = [v.brand, v.model].filter(Boolean).join(' ');
  return [makeModel === v.nickName ? '' : makeModel, v.licensePlate].filter(Boolean).join(' · ');
}

/** The driver's vehicles (§2.4 Vehicles): read from the phone (Dexie), so the list opens without signal. */
function Vehicles() {
  const { i18n } = useLingui();
  const record = useSession();
  const userId = record?.userId ?? null;
  const sync = useVehiclesSync(userId);
  const vehicles = useKeptVehicles(userId);
  const preferences = useQuery({ ...preferencesQuery(), enabled: !!userId });
  const preferred = preferences.data?.preferredThing ?? vehicles?.find((v) => v.isPreferred)?._id ?? null;
  const add = (
    <Link to="/profile/cars/$id" params={{ id: 'new' }} className={buttonClass({ size: 'lg' })}>
      <PlusIcon size={20} aria-hidden="true" />
      <Trans>Add a vehicle</Trans>
    </Link>
  );
  return (
    <Page title={<Trans>Your vehicles</Trans>} actions={add}>
      {sync.isError && vehicles?.length ? (
        <Notice tone="info">
          <Trans>Shown as last saved on this phone.</Trans>
        </Notice>
      ) : null}
      {vehicles === undefined || (vehicles.length === 0 && sync.isPending) ? (
        <SkeletonList rows={2} />
      ) : vehicles.length === 0 ? (
        <EmptyState
          icon={<CarIcon size={32} />}
          title={<Trans>No vehicles yet</Trans>}
          description={<Trans>Add your car or motorcycle to keep its costs and mileage in one place.</Trans>}
        />
      ) : (
        <List>
          {vehicles.map((v) => (
            <ListItem
              key={v._id}
              leading={v.type === 'motorcycle' ? <MotorcycleIcon size={20} /> : <CarIcon size={20} />}
              title={v.nickName}
              subtitle={subtitleOf(v) || i18n._(TYPE_LABELS[v.type])}
              trailing={
                v._id === preferred ? (
                  <span className="vehicle-preferred">
                    <StarIcon size={16} aria-hidden="true" />
                    <Trans>Preferred</Trans>
                  </span>
                ) : undefined
              }
              render={(row) => <Link to="/profile/cars/$id" params={{ id: v._id }} {...row} />}
            />
          ))}
        </List>
      )}
    </Page>
  );
}
