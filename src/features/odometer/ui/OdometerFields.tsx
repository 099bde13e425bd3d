// The odometer's two fields (pay-flows.md §5 Odometer, Fuel-card odometer) with their labels, hints and messages: one
// definition for the odometer screen and the summary's fuel-card sheet.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { fieldErrorText } from '../../../i18n/messages';
import { TextField } from '../../../ui';
import { ODOMETER_MAX_KM, type OdometerError, sanitizeKm, sanitizeVin, type VinError } from '../model/odometer';

/** The VIN's label (also the name its "required" message gives the field). */
export const VIN_LABEL = msg`Vehicle identification number (VIN)`;

export function useVinMessages(): Record<VinError, string> {
  const { i18n } = useLingui();
  return {
    required: fieldErrorText(i18n, { kind: 'required' }, i18n._(VIN_LABEL)),
    characters: i18n._(msg`A VIN has only letters and digits, and no I, O or Q.`),
    length: i18n._(msg`A VIN has 17 characters.`),
  };
}

export function VinField(props: {
  value: string;
  /** The typed VIN, sanitized (upper case, no spaces or dashes). */
  onChange: (vin: string) => void;
  onBlur: () => void;
  error: VinError | null;
  last: boolean;
}) {
  const { i18n } = useLingui();
  const messages = useVinMessages();
  return (
    <TextField
      label={i18n._(VIN_LABEL)}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      enterKeyHint={props.last ? 'done' : 'next'}
      value={props.value}
      onChange={(event) => props.onChange(sanitizeVin(event.currentTarget.value))}
      onBlur={props.onBlur}
      error={props.error ? messages[props.error] : undefined}
      hint={i18n._(msg`17 characters, on your registration document. Required by your fuel card.`)}
    />
  );
}

export function MileageField(props: {
  value: string;
  /** The typed km, digits only. */
  onChange: (km: string) => void;
  onBlur: () => void;
  error: OdometerError | null;
  /** The vehicle's last reading in km, when known. */
  previousKm: number | undefined;
}) {
  const { i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const previous = props.previousKm ?? 0;
  const messages: Record<OdometerError, string> = {
    required: i18n._(msg`Enter your mileage.`),
    max: i18n._(msg`The mileage can be at most ${number.format(ODOMETER_MAX_KM)} km.`),
    lower: i18n._(msg`The mileage cannot be lower than the last reading (${number.format(previous)} km).`),
  };
  return (
    <TextField
      label={i18n._(msg`Mileage in km`)}
      inputMode="numeric"
      autoComplete="off"
      enterKeyHint="done"
      value={props.value}
      onChange={(event) => props.onChange(sanitizeKm(event.currentTarget.value))}
      onBlur={props.onBlur}
      error={props.error ? messages[props.error] : undefined}
      hint={
        props.previousKm !== undefined
          ? i18n._(msg`Last reading: ${number.format(props.previousKm)} km`)
          : i18n._(msg`Digits only, up to ${number.format(ODOMETER_MAX_KM)} km.`)
      }
    />
  );
}
