// What a fuel card chosen on the summary needs before it pays (pay-flows.md §5 Fuel-card odometer; issue 12
// follow-up): a bottom sheet over the summary, as the PIN and the card's code are, with the odometer screen's fields
// and rules for only what the order does not have yet. The VIN is saved on the order's vehicle (a driver without one
// gets one); the reading goes to the page (onDone), which puts it on the order.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { BottomSheet, Button, FormAlert } from '../../../ui';
import { mergeOdometerAnswer } from '../model/fuel-card';
import {
  asksMileage,
  asksVin,
  type OdometerAnswer,
  type OdometerVariant,
  odometerErrors,
  previousKmOf,
  sanitizeKm,
} from '../model/odometer';
import { MileageField, VinField } from './OdometerFields';
import { useOdometerAnswer } from './use-odometer-answer';

/** The order's vehicle as the sheet needs it (null: the driver has none yet). */
export type SheetVehicle = { thingId: string; name: string; vin: string | null; mileageKm: number | null };

export type FuelCardDataRequest = {
  variant: OdometerVariant;
  vehicle: SheetVehicle | null;
  /** The answer the order goes with so far (the odometer screen's, or none): the sheet's answer adds to it. */
  current: OdometerAnswer | null;
};

type Props = {
  /** What to ask for (the fields of a fuel-card variant) and on which vehicle; null: closed. */
  request: FuelCardDataRequest | null;
  userId: string | null;
  onClose: () => void;
  /** The whole answer now (the VIN saved): the page puts it on the order (it may refuse: shown in the sheet). */
  onDone: (answer: OdometerAnswer) => Promise<void>;
};

export function FuelCardDataSheet({ request, userId, onClose, onDone }: Props) {
  const vin = request ? asksVin(request.variant) : false;
  const mileage = request ? asksMileage(request.variant) : false;
  return (
    <BottomSheet
      open={!!request}
      onClose={onClose}
      title={mileage ? <Trans>Mileage</Trans> : <Trans>Your vehicle</Trans>}
      description={
        vin && mileage ? (
          <Trans>Your fuel card asks for your vehicle's VIN and mileage. The VIN is saved on your vehicle.</Trans>
        ) : vin ? (
          <Trans>Your fuel card asks for your vehicle's VIN. It is saved on your vehicle.</Trans>
        ) : (
          <Trans>Your fuel card asks for your mileage. It is saved once you have paid.</Trans>
        )
      }
    >
      {request ? (
        <SheetForm
          key={`${request.variant.kind}-${vin}-${mileage}-${request.vehicle?.thingId}`}
          request={request}
          userId={userId}
          onDone={onDone}
        />
      ) : null}
    </BottomSheet>
  );
}

function SheetForm({ request, userId, onDone }: Omit<Props, 'request' | 'onClose'> & { request: FuelCardDataRequest }) {
  const { i18n } = useLingui();
  const { variant, vehicle } = request;
  const [vin, setVin] = useState<string | null>(null);
  const [km, setKm] = useState('');
  const [touched, setTouched] = useState(false);
  const [vinTouched, setVinTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const odometer = useOdometerAnswer(userId);
  // The VIN field starts with the vehicle's own (one the server did not take, for instance), until the driver types.
  const vinValue = vin ?? vehicle?.vin ?? '';
  const previousKm = previousKmOf(vehicle?.mileageKm == null ? null : vehicle.mileageKm * 1000);
  const previous = previousKm !== undefined && previousKm > 0 ? previousKm : undefined;
  const errors = odometerErrors(variant, { km, previousKm: previous, vin: vinValue });

  async function submit() {
    setTouched(true);
    setVinTouched(true);
    setAlert(null);
    if (busy) return;
    setBusy(true);
    try {
      const result = await odometer.answer(variant, { km, previousKm: previous, vin: vinValue }, vehicle);
      setAlert(result.alert);
      if (result.answer) await onDone(mergeOdometerAnswer(request.current, result.answer));
    } catch (failure) {
      setAlert(errorText(i18n, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormAlert>{alert}</FormAlert>
      {asksVin(variant) ? (
        <VinField
          value={vinValue}
          onChange={(value) => {
            setVin(value);
            setAlert(null);
          }}
          onBlur={() => setVinTouched(vinValue !== '')}
          error={vinTouched ? errors.vin : null}
          last={!asksMileage(variant)}
        />
      ) : null}
      {asksMileage(variant) ? (
        <MileageField
          value={km}
          onChange={setKm}
          onBlur={() => setTouched(km !== '')}
          error={touched ? errors.km : null}
          previousKm={previous}
        />
      ) : null}
      <Button
        size="lg"
        type="submit"
        loading={busy}
        // "submit disabled at 0 or less" (§5 Odometer), as on the odometer screen.
        disabled={busy || (asksMileage(variant) && Number(sanitizeKm(km) || '0') <= 0)}
      >
        <Trans>Continue</Trans>
      </Button>
    </form>
  );
}
