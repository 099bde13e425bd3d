// The summary's fuel-card step (issue 12 follow-up; pay-flows.md §5 Fuel-card odometer): what the chosen fuel card
// needs that the order lacks, from the driver's vehicles; the sheet that asks for it when the summary says so; and
// the server's refusal of the card. Loaded only once a fuel card is chosen (the vehicles' queries and Dexie store, the
// sheet's fields stay off the summary's first load).
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { Notice } from '../../../ui';
import { useVehiclesSync, vehicleKeys } from '../../vehicles/queries';
import { fuelCardNeeds, refusedFuelCardData } from '../model/fuel-card';
import type { OdometerAnswer } from '../model/odometer';
import { type FuelCardDataRequest, FuelCardDataSheet, type SheetVehicle } from './FuelCardDataSheet';

/** ready: the vehicles are known (or there is no account to have any); needed: pay asks first. */
export type FuelCardReport = { ready: boolean; needed: boolean };

type Props = {
  userId: string | null;
  method: { method: string; details?: { level?: number | undefined } };
  /** The order (or the one pay creates): its vehicle, whether it carries a reading, its odometer answer so far. */
  order: { thingId: string | null; hasMileage: boolean; answer: OdometerAnswer | null };
  /** The details of the server's refusal of this card (422 fuel_card_data_missing), or null: what it names is asked. */
  refused: unknown;
  onReport: (report: FuelCardReport) => void;
  /** The summary asks (pay was pressed and the card needs more): the sheet opens with what is missing then. */
  asking: boolean;
  onClose: () => void;
  onDone: (answer: OdometerAnswer) => Promise<void>;
};

export default function FuelCardStep(props: Props) {
  const { userId, method, order, onReport, asking } = props;
  const alsoMissing = props.refused ? refusedFuelCardData(props.refused) : [];
  const { i18n } = useLingui();
  const client = useQueryClient();
  const vehicles = useVehiclesSync(userId);
  const found = vehicles.data?.find((t) => t._id === order.thingId) ?? null;
  const vehicle: SheetVehicle | null = found
    ? { thingId: found._id, name: found.nickName, vin: found.vin, mileageKm: found.mileageKm }
    : null;
  const needs = fuelCardNeeds(method, { vin: vehicle?.vin ?? null, hasMileage: order.hasMileage }, alsoMissing);
  const ready = !userId || !vehicles.isPending;
  const needed = !!needs;
  useEffect(() => onReport({ ready, needed }), [ready, needed, onReport]);
  // The fields are fixed when the sheet opens: saving the VIN on the vehicle must not change them under the driver.
  const [request, setRequest] = useState<FuelCardDataRequest | null>(null);
  if (asking && !request && needs) setRequest({ variant: needs, vehicle, current: order.answer });
  if (!asking && request) setRequest(null);
  // The server refused the card for its VIN: the vehicles as it has them now (the VIN may have gone meanwhile).
  const refused = !!props.refused;
  useEffect(() => {
    if (refused && userId) void client.invalidateQueries({ queryKey: vehicleKeys.list(userId) });
  }, [refused, userId, client]);
  return (
    <>
      {refused ? (
        // 422 fuel_card_data_missing: the code's words (pressing pay again asks for what it names).
        <Notice tone="warning">{errorText(i18n, new ApiError(422, 'fuel_card_data_missing'))}</Notice>
      ) : null}
      <FuelCardDataSheet request={request} userId={userId} onClose={props.onClose} onDone={props.onDone} />
    </>
  );
}
