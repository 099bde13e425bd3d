// The mapping step of a fuel-log import (issue 35): for a CSV of unknown shape (or when the driver asks), the file's
// first lines as they are, a column for each field of a fill, and the formats of its days, numbers and units, each
// guessed from the file and changeable. What is confirmed is remembered for the next file with the same headers.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button, Page, Section, SelectField } from '../../../ui';
import {
  type ColumnMapping,
  type DateOrder,
  type DecimalMark,
  type DistanceUnit,
  IMPORT_FIELDS,
  type ImportField,
  type ParsedLog,
  type ValueFormats,
  type VolumeUnit,
} from '../model/csv-import';
import { DATE_ORDER_LABELS, DECIMAL_LABELS, DISTANCE_LABELS, FIELD_LABELS, VOLUME_LABELS } from './import-words';

const NOT_USED = '';
/** The fields the mapping step asks for (fuel and station come with the known formats only). */
const ASKED: ImportField[] = IMPORT_FIELDS.filter((f) => f !== 'fuel' && f !== 'station');

type Props = {
  log: ParsedLog;
  /** What the page says of the file (its name). */
  description?: ReactNode;
  onConfirm: (mapping: ColumnMapping, formats: ValueFormats) => void;
};

export function ImportMapping({ log, description, onConfirm }: Props) {
  const { i18n } = useLingui();
  const [mapping, setMapping] = useState<ColumnMapping>(log.mapping);
  const [formats, setFormats] = useState<ValueFormats>(log.formats);
  const columns = [
    { value: NOT_USED, title: i18n._(msg`Not used`) },
    ...log.headers.map((h, i) => ({ value: String(i), title: h || i18n._(msg`Column ${i + 1}`) })),
  ];
  const ready =
    mapping.date !== undefined && mapping.quantity !== undefined && (mapping.total ?? mapping.unitPrice) !== undefined;
  const options = <K extends string>(labels: Record<K, MessageDescriptor>) =>
    (Object.keys(labels) as K[]).map((k) => ({ value: k, title: i18n._(labels[k]) }));
  return (
    <Page
      title={<Trans>Match the columns</Trans>}
      description={description}
      actions={
        <Button fullWidth disabled={!ready} onClick={() => onConfirm(mapping, formats)}>
          <Trans>Use these columns</Trans>
        </Button>
      }
    >
      <Section title={<Trans>The first lines of the file</Trans>}>
        <div
          className="history-scroll"
          role="region"
          aria-label={i18n._(msg`The first lines of the file`)}
          tabIndex={0}
        >
          <table className="history-table history-import-raw">
            <thead>
              <tr>
                {log.headers.map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                  <th key={i} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.sample.map((cells, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's first lines, in order
                <tr key={r}>
                  {log.headers.map((_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                    <td key={i}>{cells[i] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title={<Trans>Which column holds what</Trans>}>
        <p className="history-synced">
          <Trans>Date, quantity and the amount (or the price per unit) are needed; the rest is optional.</Trans>
        </p>
        {ASKED.map((field) => (
          <SelectField
            key={field}
            label={i18n._(FIELD_LABELS[field])}
            value={mapping[field] === undefined ? NOT_USED : String(mapping[field])}
            options={columns}
            onChange={(value) => {
              const next = { ...mapping };
              if (value === NOT_USED) delete next[field];
              else next[field] = Number(value);
              setMapping(next);
            }}
          />
        ))}
      </Section>
      <Section title={<Trans>How the file writes its values</Trans>}>
        <SelectField
          label={i18n._(msg`Dates`)}
          value={formats.dateOrder}
          options={options(DATE_ORDER_LABELS)}
          onChange={(v) => setFormats({ ...formats, dateOrder: v as DateOrder })}
        />
        <SelectField
          label={i18n._(msg`Decimal mark`)}
          value={formats.decimal}
          options={options(DECIMAL_LABELS)}
          onChange={(v) => setFormats({ ...formats, decimal: v as DecimalMark })}
        />
        <SelectField
          label={i18n._(msg`Distances in`)}
          value={formats.distance}
          options={options(DISTANCE_LABELS)}
          onChange={(v) => setFormats({ ...formats, distance: v as DistanceUnit })}
        />
        <SelectField
          label={i18n._(msg`Quantities in`)}
          value={formats.volume}
          options={options(VOLUME_LABELS)}
          onChange={(v) => setFormats({ ...formats, volume: v as VolumeUnit })}
        />
      </Section>
    </Page>
  );
}
