// What the driver sees before a fuel log is imported: the format found, which column of the file fills which field,
// the first lines as they will be saved, and the lines that cannot be (with their line number and why).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { fromDeciCents } from '../../../contract/money';
import { formatMoney, formatQuantity } from '../../../lib/money';
import { Section } from '../../../ui';
import type { ImportField, LineProblem, ParsedLog } from '../model/csv-import';

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

export function ImportPreview({ log }: { log: ParsedLog }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const mapped = (Object.entries(log.mapping) as Array<[ImportField, string]>).filter(([, column]) => column);
  const first = log.rows.slice(0, PREVIEW_ROWS);
  return (
    <>
      <Section title={<Trans>Columns</Trans>}>
        <dl className="history-fields">
          {mapped.map(([field, column]) => (
            <div key={field}>
              <dt>{i18n._(FIELD_LABELS[field])}</dt>
              <dd>
                <Trans>from “{column}”</Trans>
              </dd>
            </div>
          ))}
        </dl>
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
