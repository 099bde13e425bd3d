import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  canSubmitOdometer,
  ODOMETER_MAX_KM,
  ODOMETER_REFUSED,
  type OdometerError,
  odometerError,
  previousKmOf,
  sanitizeKm,
  vehiclesForPicker,
} from '../../features/odometer/model/odometer';
import { odometerSelection, readOdometer, writeOdometer } from '../../features/odometer/store';
import { type PickerVehicle, VehiclePicker } from '../../features/odometer/ui/VehiclePicker';
import { orderGroup } from '../../features/orders/model/search';
import { useSession } from '../../features/session/queries';
import { useVehiclesSync } from '../../features/vehicles/queries';
import { oneOfOr } from '../../lib/search-schema';
import { Button, Loading, Page, Section, SkeletonList, TextField } from '../../ui';
import { OdometerIcon } from '../../ui/icons';

/** The summary the screen leads to (the flow it stands in). */
const odometerSearch = orderGroup.extend({ next: oneOfOr(['ev', 'prepay', 'postpay'], 'prepay') });

/** Where the answer leads: the summary (prepay, EV) or the postpay fuelling page, which creates the order with it. */
const NEXT_ROUTE = {
  ev: '/pay/prepay/ev/summary',
  prepay: '/pay/prepay/summary',
  postpay: '/pay/postpay/fueling',
} as const;

export const Route = createFileRoute('/pay/odometer')({
  validateSearch: odometerSearch,
  component: OdometerScreen,
});

/**
 * The odometer screen (pay-flows.md §2, §5 Odometer): before payment when the account's
 * showOdometerScreenBeforeCheckout is set. The driver picks the vehicle (preferred first) and types the mileage in km
 * (digits only, required, at most 1,000,000, not lower than the vehicle's last reading), or refuses (REFUSED: nothing
 * is sent). The summary sends the reading with the order in metres; the server's refusal brings the driver back here
 * with the input kept.
 */
function OdometerScreen() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const record = useSession();
  const userId = record && record.isGuest !== true ? record.userId : null;
  const vehicles = useVehiclesSync(userId);
  const selection = odometerSelection(query.pid ?? '', query.productId ?? '');
  const stored = readOdometer(selection);
  const [thingId, setThingId] = useState<string | null>(stored?.answer.thingId ?? null);
  const [km, setKm] = useState(stored?.answer.kind === 'reading' ? String(stored.answer.km) : '');
  const [touched, setTouched] = useState(stored?.rejectedBelowKm != null);

  if (!query.pid || !query.productId) return <Navigate to="/pay" search={true} replace />;
  const list: (PickerVehicle & { mileageKm: number | null })[] = vehiclesForPicker(
    (vehicles.data ?? []).map((t) => ({
      thingId: t._id,
      name: t.nickName,
      plate: t.licensePlate,
      preferred: t.isPreferred,
      mileageKm: t.mileageKm,
    })),
    (vehicles.data ?? []).find((t) => t.isPreferred)?._id ?? null,
  );
  const vehicle = list.find((v) => v.thingId === thingId) ?? list[0] ?? null;
  // The vehicle's last reading known here; the server checks against its own (the 422 it answered is kept).
  const previousKm = Math.max(
    previousKmOf(vehicle?.mileageKm == null ? null : vehicle.mileageKm * 1000) ?? 0,
    stored?.rejectedBelowKm ?? 0,
  );
  const previous = previousKm > 0 ? previousKm : undefined;
  const error: OdometerError | null = touched ? odometerError(km, previous) : null;

  function goOn() {
    void navigate({
      to: NEXT_ROUTE[query.next],
      search: (prev) => ({ ...prev, next: undefined }),
      replace: true,
    });
  }
  function submit() {
    setTouched(true);
    if (!canSubmitOdometer(km, previous)) return;
    writeOdometer(selection, { kind: 'reading', km: Number(sanitizeKm(km)), thingId: vehicle?.thingId ?? null });
    goOn();
  }
  function refuse() {
    writeOdometer(selection, { kind: ODOMETER_REFUSED, thingId: vehicle?.thingId ?? null });
    goOn();
  }

  const number = new Intl.NumberFormat(i18n.locale);
  const messages: Record<OdometerError, string> = {
    required: i18n._(msg`Enter your mileage.`),
    max: i18n._(msg`The mileage can be at most ${number.format(ODOMETER_MAX_KM)} km.`),
    lower: i18n._(msg`The mileage cannot be lower than the last reading (${number.format(previousKm)} km).`),
  };

  return (
    <Page
      title={<Trans>Mileage</Trans>}
      actions={
        <>
          <Button size="lg" type="submit" form="odometer-form" disabled={Number(sanitizeKm(km) || '0') <= 0}>
            <Trans>Continue</Trans>
          </Button>
          <Button variant="ghost" onClick={refuse}>
            <Trans>Skip, I don't want to give it</Trans>
          </Button>
        </>
      }
    >
      <p className="odometer-intro">
        <OdometerIcon size={20} aria-hidden="true" />{' '}
        <Trans>Your mileage keeps your vehicle's cost history right. It is saved once you have paid.</Trans>
      </p>
      {userId ? (
        <Section title={<Trans>Vehicle</Trans>}>
          {vehicles.isPending ? (
            <Loading label={i18n._(msg`Loading your vehicles…`)}>
              <SkeletonList rows={1} />
            </Loading>
          ) : list.length > 0 ? (
            <VehiclePicker vehicles={list} value={vehicle?.thingId ?? null} onChange={setThingId} />
          ) : null}
        </Section>
      ) : null}
      <form
        id="odometer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={i18n._(msg`Mileage in km`)}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          value={km}
          onChange={(event) => setKm(sanitizeKm(event.currentTarget.value))}
          onBlur={() => setTouched(km !== '')}
          error={error ? messages[error] : undefined}
          hint={
            previous !== undefined
              ? i18n._(msg`Last reading: ${number.format(previous)} km`)
              : i18n._(msg`Digits only, up to ${number.format(ODOMETER_MAX_KM)} km.`)
          }
        />
      </form>
    </Page>
  );
}
