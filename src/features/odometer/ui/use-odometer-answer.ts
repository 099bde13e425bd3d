// What the odometer form answers (the odometer screen and the summary's fuel-card sheet): the answer built from the
// fields, with its VIN saved on the vehicle first (pay-flows.md §5 Fuel-card odometer).
import { useLingui } from '@lingui/react';
import { errorText } from '../../../i18n/messages';
import { ODOMETER_REFUSED, type OdometerAnswer, type OdometerVariant, odometerAnswerOf } from '../model/odometer';
import { useSaveVin, vinRefused } from '../use-save-vin';
import { useVinMessages } from './OdometerFields';

type Vehicle = { thingId: string; vin: string | null } | null;

export function useOdometerAnswer(userId: string | null) {
  const { i18n } = useLingui();
  const vinSaver = useSaveVin(userId);
  const vinMessages = useVinMessages();
  /**
   * The answer, or the text to show above the form when saving the VIN failed. Neither when the fields are not valid
   * yet (they show their own errors).
   */
  async function answer(
    variant: OdometerVariant,
    fields: { km: string; previousKm: number | undefined; vin: string },
    vehicle: Vehicle,
  ): Promise<{ answer: OdometerAnswer | null; alert: string | null }> {
    const built = odometerAnswerOf(variant, { ...fields, thingId: vehicle?.thingId ?? null });
    if (!built || built.kind === ODOMETER_REFUSED || !built.vin) return { answer: built, alert: null };
    try {
      built.thingId = await vinSaver.save(vehicle, built.vin);
      return { answer: built, alert: null };
    } catch (failure) {
      // The server's own VIN check (400 on the vin field) shows as the field's message; anything else as is.
      return { answer: null, alert: vinRefused(failure) ? vinMessages.characters : errorText(i18n, failure) };
    }
  }
  return { answer, saving: vinSaver.saving };
}
