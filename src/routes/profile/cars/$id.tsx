import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Thing } from '../../../../contract/vehicles';
import { preferencesQuery, useSetPreferredThing } from '../../../features/profile/queries';
import { useSession } from '../../../features/session/queries';
import { emptyVehicle, vehicleBody, vehicleValues } from '../../../features/vehicles/model/vehicle-form';
import { useCreateVehicle, useRemoveVehicle, useUpdateVehicle } from '../../../features/vehicles/queries';
import { useKeptVehicles } from '../../../features/vehicles/store';
import { VehicleForm } from '../../../features/vehicles/ui/VehicleForm';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { Button, Dialog, Notice, Page, SkeletonList, toast } from '../../../ui';
import { StarIcon, TrashIcon } from '../../../ui/icons';
import { accountFeaturePage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/cars/$id')({
  beforeLoad: accountFeaturePage(featureGates.carProfile),
  component: VehiclePage,
});

/** A new vehicle (id "new") or one of the driver's, to edit, make preferred or delete. */
function VehiclePage() {
  const { id } = Route.useParams();
  const record = useSession();
  const userId = record?.userId ?? null;
  const vehicles = useKeptVehicles(userId);
  if (!userId) return null;
  if (id === 'new') return <CreateVehicle userId={userId} />;
  const vehicle = vehicles?.find((v) => v._id === id);
  if (vehicles === undefined)
    return (
      <Page>
        <SkeletonList rows={4} />
      </Page>
    );
  if (!vehicle) {
    return (
      <Page title={<Trans>Vehicle not found</Trans>}>
        <Notice tone="info">
          <Trans>This vehicle is not among yours (any more).</Trans>
        </Notice>
      </Page>
    );
  }
  return <EditVehicle key={vehicle._id} userId={userId} vehicle={vehicle} />;
}

function CreateVehicle({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const create = useCreateVehicle();
  return (
    <Page title={<Trans>Add a vehicle</Trans>}>
      <VehicleForm
        formId={formId}
        initial={emptyVehicle}
        previousMileage={null}
        submitLabel={<Trans>Save vehicle</Trans>}
        onSubmit={async (values) => {
          await create.mutateAsync({ userId, body: vehicleBody(values) });
          toast.show({ text: i18n._(msg`Vehicle saved`), tone: 'success' });
          await navigate({ to: '/profile/cars' });
        }}
      />
    </Page>
  );
}

function EditVehicle({ userId, vehicle }: { userId: string; vehicle: Thing }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const dialogTitle = useId();
  const update = useUpdateVehicle();
  const remove = useRemoveVehicle();
  const setPreferred = useSetPreferredThing();
  const preferences = useQuery(preferencesQuery());
  const isPreferred = (preferences.data?.preferredThing ?? (vehicle.isPreferred ? vehicle._id : null)) === vehicle._id;
  const [confirm, setConfirm] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function onDelete() {
    setConfirm(false);
    setAlert(null);
    try {
      await remove.mutateAsync({ userId, id: vehicle._id });
      toast.show({ text: i18n._(msg`Vehicle deleted`), tone: 'success' });
      await navigate({ to: '/profile/cars' });
    } catch (error) {
      // §4 "A preferred car cannot be deleted without first switching."
      setAlert(
        error instanceof ApiError && error.status === 409
          ? i18n._(msg`This is your preferred vehicle. Make another vehicle your preferred one first.`)
          : errorText(i18n, error),
      );
    }
  }

  async function onMakePreferred() {
    setAlert(null);
    try {
      const result = await setPreferred.mutateAsync({ thingId: vehicle._id });
      toast.show({
        text:
          result.status === 'sent'
            ? i18n._(msg`${vehicle.nickName} is now your preferred vehicle`)
            : i18n._(msg`Saved on this phone. It is sent when you are online.`),
        tone: 'success',
      });
    } catch (error) {
      setAlert(errorText(i18n, error));
    }
  }

  return (
    <Page title={vehicle.nickName}>
      {alert ? (
        <Notice tone="danger" live="alert">
          {alert}
        </Notice>
      ) : null}
      <VehicleForm
        formId={formId}
        initial={vehicleValues(vehicle)}
        previousMileage={vehicle.mileageKm}
        submitLabel={<Trans>Save vehicle</Trans>}
        onSubmit={async (values) => {
          await update.mutateAsync({ userId, id: vehicle._id, patch: vehicleBody(values) });
          toast.show({ text: i18n._(msg`Vehicle saved`), tone: 'success' });
        }}
      >
        <div className="vehicle-actions">
          {isPreferred ? (
            <Notice tone="success">
              <Trans>This is your preferred vehicle.</Trans>
            </Notice>
          ) : (
            <Button
              variant="secondary"
              icon={<StarIcon size={20} />}
              loading={setPreferred.isPending}
              onClick={() => void onMakePreferred()}
            >
              <Trans>Make preferred</Trans>
            </Button>
          )}
          <Button variant="danger" icon={<TrashIcon size={20} />} onClick={() => setConfirm(true)}>
            <Trans>Delete vehicle</Trans>
          </Button>
        </div>
      </VehicleForm>
      <Dialog open={confirm} onClose={() => setConfirm(false)} labelledBy={dialogTitle}>
        <h2 id={dialogTitle}>
          <Trans>Delete {vehicle.nickName}?</Trans>
        </h2>
        <p>
          <Trans>Its costs and trips stay in your history, without the vehicle.</Trans>
        </p>
        <div className="actions">
          <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
            <Trans>Delete vehicle</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
