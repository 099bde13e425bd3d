// What the driver sees before a fuel log is imported: the format found, which column of the file fills which field
// (each can be changed), the first lines as they will be saved, and the lines that cannot be (line number and why).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { fromDeciCents } from '../../../../contract/money';
import { formatMoney, formatQuantity } from '../../../lib/money';
import { Section, SelectField } from '../../../ui';
import { IMPORT_FIELDS, type ImportField, type LineProblem, type ParsedLog } from '../model/csv-import';

/** The choice of no column (a header of a file is never empty after trimming, see `columns`). */
const NOT_USED = '';

export const PREVIEW_ROWS = 5;

export const FORMAT_NAMES = { spritmonitor: 'Spritmonitor', fuelly: 'Fuelly' } as const;

export const FIELD_LABELS: Record<ImportField, MessageDescriptor> = {
  date: msg`Date`,
  odometer: msg`Mileage`,
  quantity: msg`Quantity`,
  total: msg`Amount`,
  unitPrice: msg`Price per unit`,
  currency: msg`Currency`,
  fuel: msg`Fuel`,
  fill: msg`Full or partial fill`,
  notes: msg`Notes`,
  station: msg`Station`,
};

export const PROBLEM_LABELS: Record<LineProblem, MessageDescriptor> = {
  date: msg`The date is missing or not a calendar day.`,
  quantity: msg`The quantity is missing or not a number.`,
  price: msg`The amount is missing or not a number.`,
  currency: msg`The currency is not one the app supports.`,
  odometer: msg`The mileage is not a number.`,
  columns: msg`The line has too few columns.`,
};

type Props = {
  log: ParsedLog;
  /** A field moved to another of the file's columns, or left out (null); the file is read again with it. */
  onRemap?: ((field: ImportField, column: string | null) => void) | undefined;
  disabled?: boolean | undefined;
};

export function ImportPreview({ log, onRemap, disabled }: Props) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const first = log.rows.slice(0, PREVIEW_ROWS);
  const columns = [
    { value: NOT_USED, title: i18n._(msg`Not used`) },
    ...log.headers.filter((h) => h.trim()).map((h) => ({ value: h, title: h })),
  ];
  return (
    <>
      <Section title={<Trans>Columns</Trans>}>
        <p className="history-synced">
          <Trans>Each field is filled from the column of the file shown. Choose another column if one is wrong.</Trans>
        </p>
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={i18n._(FIELD_LABELS[field])}
            value={log.mapping[field] ?? NOT_USED}
            disabled={disabled || !onRemap}
            options={columns}
            onChange={(value) => onRemap?.(field, value === NOT_USED ? null : value)}
          />
        ))}
        {log.imperial ? (
          <p className="history-synced">
            <Trans>Gallons (US) are converted to litres and miles to kilometres.</Trans>
          </p>
        ) : null}
      </Section>
      <Section
        title={<Plural value={Math.min(first.length, PREVIEW_ROWS)} one="The first line" other="The first # lines" />}
      >
        <div className="history-scroll" role="region" aria-label={i18n._(msg`The first lines`)} tabIndex={0}>
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
              </tr>
            </thead>
            <tbody>
              {first.map((row) => (
                <tr key={row.line}>
                  <td className="history-import-day">{day.format(new Date(`${row.day}T00:00:00Z`))}</td>
                  <td>{formatQuantity(row.litres, locale)} l</td>
                  <td>{formatMoney(fromDeciCents(row.price, row.currency), locale)}</td>
                  <td>{row.odometerKm === null ? '–' : `${km.format(row.odometerKm)} km`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <LineErrors errors={log.errors.map((e) => ({ line: e.line, text: i18n._(PROBLEM_LABELS[e.problem]) }))} />
    </>
  );
}

/** The lines that were not imported, each with why. */
export function LineErrors({ errors }: { errors: Array<{ line: number; text: string }> }) {
  if (errors.length === 0) return null;
  return (
    <Section
      title={<Plural value={errors.length} one="# line cannot be imported" other="# lines cannot be imported" />}
    >
      <ul className="history-import-errors">
        {errors.map((e) => (
          <li key={e.line}>
            <Trans>
              Line {e.line}: {e.text}
            </Trans>
          </li>
        ))}
      </ul>
    </Section>
  );
}
