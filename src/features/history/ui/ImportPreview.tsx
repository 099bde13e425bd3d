// What the driver sees before a fuel log is imported: the format found, the vehicle it goes to (one of theirs, a new
// one made from the log with its name and fuel, or none), the car of a file of several, the currency when the file
// has none, the first fills as they will be saved (full, partial, first fill), and the lines that cannot be.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { fromDeciCents } from '../../../../contract/money';
import { CURRENCIES, type Currency } from '../../../../contract/plain/stations';
import { VEHICLE_FUELS, type VehicleFuel } from '../../../../contract/vehicles';
import { formatMoney, formatQuantity } from '../../../lib/money';
import { Section, SelectField, TextField } from '../../../ui';
import type { FillKind, ImportRow, ParsedLog } from '../model/csv-import';
import { FUEL_LABELS } from './import-words';
import type { LineMessage, VehicleChoice } from './use-fuel-log-import';

export const PREVIEW_ROWS = 5;
const NEW = '__new__';
const NONE = '__none__';

const FILL_LABELS = {
  full: msg`Full`,
  partial: msg`Partial`,
  first: msg`First fill`,
  invalid: msg`Not counted`,
} as const;

type Props = {
  log: ParsedLog;
  rows: ImportRow[];
  vehicles: Array<{ id: string; name: string }>;
  vehicle: VehicleChoice;
  onVehicle: (choice: VehicleChoice) => void;
  newVehicle: () => VehicleChoice;
  fileVehicle: string | null;
  onFileVehicle: (name: string) => void;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  problems: LineMessage[];
  disabled?: boolean | undefined;
};

export function ImportPreview(props: Props) {
  const { log, rows, vehicle, disabled } = props;
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // Short numeric days, so the five columns fit a phone's width.
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const first = rows.slice(0, PREVIEW_ROWS);
  const partial = rows.filter((r) => r.fill === 'partial').length;
  const fill = (f: FillKind | null) => (f ? i18n._(FILL_LABELS[f]) : '–');
  return (
    <>
      {log.vehicles.length > 1 ? (
        <SelectField
          label={i18n._(msg`Car in the file`)}
          hint={<Trans>This file holds the fills of several cars: import one at a time.</Trans>}
          value={props.fileVehicle}
          disabled={disabled}
          onChange={props.onFileVehicle}
          options={log.vehicles.map((v) => ({ value: v, title: v }))}
        />
      ) : null}
      <SelectField
        label={i18n._(msg`Vehicle`)}
        value={vehicle.kind === 'existing' ? vehicle.id : vehicle.kind === 'new' ? NEW : NONE}
        disabled={disabled}
        onChange={(value) =>
          props.onVehicle(
            value === NEW ? props.newVehicle() : value === NONE ? { kind: 'none' } : { kind: 'existing', id: value },
          )
        }
        options={[
          ...props.vehicles.map((v) => ({ value: v.id, title: v.name })),
          { value: NEW, title: i18n._(msg`A new vehicle for this log`) },
          { value: NONE, title: i18n._(msg`No vehicle (the mileage stays on each entry)`) },
        ]}
      />
      {vehicle.kind === 'new' ? (
        <>
          <TextField
            label={i18n._(msg`Name of the new vehicle`)}
            value={vehicle.name}
            maxLength={60}
            disabled={disabled}
            onChange={(e) => props.onVehicle({ ...vehicle, name: e.target.value })}
          />
          <SelectField
            label={i18n._(msg`Fuel of the new vehicle`)}
            value={vehicle.fuel ?? ''}
            disabled={disabled}
            onChange={(value) => props.onVehicle({ ...vehicle, fuel: (value || null) as VehicleFuel | null })}
            options={[
              { value: '', title: i18n._(msg`Not known`) },
              ...VEHICLE_FUELS.map((f) => ({ value: f, title: i18n._(FUEL_LABELS[f]) })),
            ]}
          />
        </>
      ) : null}
      {log.mapping.currency === undefined ? (
        <SelectField
          label={i18n._(msg`Currency of the amounts`)}
          hint={<Trans>The file does not say which currency was paid.</Trans>}
          value={props.currency}
          disabled={disabled}
          onChange={(value) => props.onCurrency(value as Currency)}
          options={CURRENCIES.map((c) => ({ value: c, title: c }))}
        />
      ) : null}
      <p className="history-synced">
        <Plural value={rows.length} one="# fill in the file" other="# fills in the file" />
        {partial > 0 ? (
          <>
            {' · '}
            <Plural value={partial} one="# partial fill" other="# partial fills" />
          </>
        ) : null}
        {log.formats.distance === 'mi' || log.formats.volume !== 'l' ? (
          <>
            {' · '}
            <Trans>miles and gallons are converted to kilometres and litres</Trans>
          </>
        ) : null}
      </p>
      <Section
        title={<Plural value={Math.min(first.length, PREVIEW_ROWS)} one="The first fill" other="The first # fills" />}
      >
        <div className="history-scroll" role="region" aria-label={i18n._(msg`The first fills`)} tabIndex={0}>
          <table className="history-table history-import-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Litres</Trans>
                </th>
                <th scope="col">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <Trans>Mileage</Trans>
                </th>
                <th scope="col">
                  <Trans>Fill</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {first.map((row) => (
                <tr key={row.line}>
                  <td className="history-import-day">{day.format(new Date(`${row.day}T00:00:00Z`))}</td>
                  <td>{formatQuantity(row.litres, locale)} l</td>
                  <td>{formatMoney(fromDeciCents(row.price, row.currency), locale)}</td>
                  <td>{row.odometerKm === null ? '–' : `${km.format(row.odometerKm)} km`}</td>
                  <td>{fill(row.fill)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <LineErrors errors={props.problems} />
    </>
  );
}

/** The lines that were not imported, each with why (the file's line as an editor shows it). */
export function LineErrors({ errors, title }: { errors: LineMessage[]; title?: React.ReactNode }) {
  if (errors.length === 0) return null;
  return (
    <Section
      title={
        title ?? <Plural value={errors.length} one="# line cannot be imported" other="# lines cannot be imported" />
      }
    >
      <ul className="history-import-errors">
        {errors.map((e) => (
          <li key={`${e.line}-${e.text}`}>
            <Trans>
              Line {e.line}: {e.text}
            </Trans>
          </li>
        ))}
      </ul>
    </Section>
  );
}
