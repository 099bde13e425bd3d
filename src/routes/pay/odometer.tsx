import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  asksMileage,
  asksVin,
  mayRefuse,
  ODOMETER_REFUSED,
  type OdometerError,
  type OdometerVariant,
  odometerErrors,
  odometerMethod,
  odometerVariant,
  previousKmOf,
  sanitizeKm,
  type VinError,
  vehiclesForPicker,
} from '../../features/odometer/model/odometer';
import { odometerSelection, readOdometer, writeOdometer } from '../../features/odometer/store';
import { MileageField, VinField } from '../../features/odometer/ui/OdometerFields';
import { useOdometerAnswer } from '../../features/odometer/ui/use-odometer-answer';
import { type PickerVehicle, VehiclePicker } from '../../features/odometer/ui/VehiclePicker';
import { orderGroup } from '../../features/orders/model/search';
import { usePaymentMethods } from '../../features/payment-methods/queries';
import { useSession } from '../../features/session/queries';
import { useVehiclesSync } from '../../features/vehicles/queries';
import { oneOfOr } from '../../lib/search-schema';
import { Button, FormAlert, Loading, Page, Section, SkeletonList, SkeletonText } from '../../ui';
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
 *
 * The fuel-card variant (§5 "VIN required at level 2 or higher; the mileage field shows at levels 1 and 3"): when the
 * method the summary starts with (the preferred one, else the first; the screen comes before the summary's picker) is
 * a FUEL_CARD of level 1 or more, its level decides the fields: level 1 mileage, level 2 VIN only, level 3 both; level
 * 0 is the normal screen. What the card asks for cannot be refused. The VIN is saved on the chosen vehicle (PATCH
 * /v3/things/{id}; a driver without a vehicle gets one made for it) before the flow goes on; the mileage goes on the
 * order as on the normal screen. See odometerVariant (features/odometer/model) for the whole decision.
 */
function OdometerScreen() {
  const record = useSession();
  const userId = record && record.isGuest !== true ? record.userId : null;
  const methods = usePaymentMethods(userId);
  // The variant waits for the methods while they are being fetched; without them (no signal: the query is paused,
  // or an error) it is the normal screen.
  const variant = odometerVariant(odometerMethod(methods.data));
  const waiting = !!userId && methods.isPending && methods.fetchStatus === 'fetching';
  return <OdometerForm key={variant.kind} userId={userId} variant={variant} waiting={waiting} />;
}

function OdometerForm({
  userId,
  variant,
  waiting,
}: {
  userId: string | null;
  variant: OdometerVariant;
  waiting: boolean;
}) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const vehicles = useVehiclesSync(userId);
  const odometer = useOdometerAnswer(userId);
  const selection = odometerSelection(query.pid ?? '', query.productId ?? '');
  const stored = readOdometer(selection);
  const [thingId, setThingId] = useState<string | null>(stored?.answer.thingId ?? null);
  const [km, setKm] = useState(stored?.answer.kind === 'reading' ? String(stored.answer.km) : '');
  const [vin, setVin] = useState<string | null>(
    stored && stored.answer.kind !== ODOMETER_REFUSED ? (stored.answer.vin ?? null) : null,
  );
  const [touched, setTouched] = useState(stored?.rejectedBelowKm != null);
  const [vinTouched, setVinTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const saving = odometer.saving;

  if (!query.pid || !query.productId) return <Navigate to="/pay" search={true} replace />;
  const list: (PickerVehicle & { mileageKm: number | null; vin: string | null })[] = vehiclesForPicker(
    (vehicles.data ?? []).map((t) => ({
      thingId: t._id,
      name: t.nickName,
      plate: t.licensePlate,
      preferred: t.isPreferred,
      mileageKm: t.mileageKm,
      vin: t.vin,
    })),
    (vehicles.data ?? []).find((t) => t.isPreferred)?._id ?? null,
  );
  const vehicle = list.find((v) => v.thingId === thingId) ?? list[0] ?? null;
  // The VIN field starts with the vehicle's own (the driver confirms it), until the driver types.
  const vinValue = vin ?? vehicle?.vin ?? '';
  // The vehicle's last reading known here; the server checks against its own (the 422 it answered is kept).
  const previousKm = Math.max(
    previousKmOf(vehicle?.mileageKm == null ? null : vehicle.mileageKm * 1000) ?? 0,
    stored?.rejectedBelowKm ?? 0,
  );
  const previous = previousKm > 0 ? previousKm : undefined;
  const errors = odometerErrors(variant, { km, previousKm: previous, vin: vinValue });
  const error: OdometerError | null = touched ? errors.km : null;
  const vinShown: VinError | null = vinTouched ? errors.vin : null;
  const mileage = asksMileage(variant);
  const vinAsked = asksVin(variant);
  function goOn() {
    void navigate({
      to: NEXT_ROUTE[query.next],
      search: (prev) => ({ ...prev, next: undefined }),
      replace: true,
    });
  }
  async function submit() {
    setTouched(true);
    setVinTouched(true);
    setAlert(null);
    if (saving) return;
    const result = await odometer.answer(variant, { km, previousKm: previous, vin: vinValue }, vehicle);
    setAlert(result.alert);
    if (!result.answer) return;
    writeOdometer(selection, result.answer);
    goOn();
  }
  function refuse() {
    writeOdometer(selection, { kind: ODOMETER_REFUSED, thingId: vehicle?.thingId ?? null });
    goOn();
  }

  // Submit stays off at 0 km (§5 "submit disabled at 0 or less"); the VIN's errors show on pressing it.
  const blocked = waiting || saving || (mileage && Number(sanitizeKm(km) || '0') <= 0);

  return (
    <Page
      title={variant.kind === 'fuel-card' && !mileage ? <Trans>Your vehicle</Trans> : <Trans>Mileage</Trans>}
      actions={
        <>
          <Button size="lg" type="submit" form="odometer-form" disabled={blocked}>
            <Trans>Continue</Trans>
          </Button>
          {mayRefuse(variant) && !waiting ? (
            <Button variant="ghost" onClick={refuse}>
              <Trans>Skip, I don't want to give it</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      {waiting ? (
        <Loading label={i18n._(msg`Loading your payment methods…`)}>
          <SkeletonText lines={2} />
          <SkeletonList rows={2} />
        </Loading>
      ) : (
        <>
          <p className="odometer-intro">
            <OdometerIcon size={20} aria-hidden="true" />{' '}
            {variant.kind === 'fuel-card' ? (
              vinAsked && mileage ? (
                <Trans>Your fuel card asks for your vehicle's VIN and mileage. The VIN is saved on your vehicle.</Trans>
              ) : vinAsked ? (
                <Trans>Your fuel card asks for your vehicle's VIN. It is saved on your vehicle.</Trans>
              ) : (
                <Trans>Your fuel card asks for your mileage. It is saved once you have paid.</Trans>
              )
            ) : (
              <Trans>Your mileage keeps your vehicle's cost history right. It is saved once you have paid.</Trans>
            )}
          </p>
          {userId ? (
            <Section title={<Trans>Vehicle</Trans>}>
              {vehicles.isPending ? (
                <Loading label={i18n._(msg`Loading your vehicles…`)}>
                  <SkeletonList rows={1} />
                </Loading>
              ) : list.length > 0 ? (
                <VehiclePicker
                  vehicles={list}
                  value={vehicle?.thingId ?? null}
                  onChange={(id) => {
                    setThingId(id);
                    setVin(null);
                  }}
                />
              ) : null}
            </Section>
          ) : null}
          <form
            id="odometer-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <FormAlert>{alert}</FormAlert>
            {vinAsked ? (
              <VinField
                value={vinValue}
                onChange={(value) => {
                  setVin(value);
                  setAlert(null);
                }}
                onBlur={() => setVinTouched(vinValue !== '')}
                error={vinShown}
                last={!mileage}
              />
            ) : null}
            {mileage ? (
              <MileageField
                value={km}
                onChange={setKm}
                onBlur={() => setTouched(km !== '')}
                error={error}
                previousKm={previous}
              />
            ) : null}
          </form>
        </>
      )}
    </Page>
  );
}
