import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { Currency } from '../../../contract/plain/stations';
import { CURRENCIES } from '../../../contract/plain/stations';
import {
  type ColumnMapping,
  chronological,
  decodeLog,
  type ImportRow,
  type ParsedLog,
  parseFuelLog,
  remap,
  splitDuplicates,
  toImportBody,
} from '../../features/history/model/csv-import';
import { importBaseline, useCreateCost } from '../../features/history/queries';
import { FORMAT_NAMES, ImportPreview, LineErrors, PROBLEM_LABELS } from '../../features/history/ui/ImportPreview';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { errorText } from '../../i18n/messages';
import { useOnline } from '../../lib/use-online';
import { Button, buttonClass, Notice, Page, SelectField } from '../../ui';
import { UploadIcon } from '../../ui/icons';

export const Route = createFileRoute('/history/import')({
  component: ImportLog,
});

/** The file must be a fuel log, not a database dump: Spritmonitor's export of ten years is far below this. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

type Step =
  | { kind: 'pick'; failure: string | null }
  | { kind: 'preview'; name: string; log: ParsedLog }
  | { kind: 'importing'; log: ParsedLog; done: number; total: number }
  | {
      kind: 'done';
      sent: number;
      queued: number;
      duplicates: number;
      errors: Array<{ line: number; text: string }>;
    };

/**
 * A Spritmonitor or Fuelly fuel log into the history (issue 14 "CSV import"): the file is read on the phone, its
 * columns and first lines shown, then each new line is saved as a fuel cost through the outbox (its own client id,
 * so a repeat after a lost answer saves it once); lines already in the history are skipped.
 */
function ImportLog() {
  const { i18n } = useLingui();
  const { userId, vehicles } = useVehicles();
  const online = useOnline();
  const create = useCreateCost();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick', failure: null });
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [currency, setCurrency] = useState<Currency>('EUR');
  // The driver's vehicle unless another choice is made (the vehicles load after the page).
  const [chosenVehicle, setVehicle] = useState<string | null>(null);
  const vehicle = chosenVehicle ?? vehicles[0]?.id ?? '';

  function read(name: string, text: string, chosen: Currency, mapping?: ColumnMapping) {
    const log = parseFuelLog(text, { currency: chosen, mapping });
    if ('failure' in log) {
      setStep({
        kind: 'pick',
        failure:
          log.failure === 'empty'
            ? i18n._(msg`The file is empty.`)
            : i18n._(msg`This is not a Spritmonitor or Fuelly fuel log (CSV export).`),
      });
    } else setStep({ kind: 'preview', name, log });
  }

  async function onPick(picked: File | undefined) {
    if (!picked) return;
    if (picked.size > MAX_LOG_BYTES) {
      setStep({ kind: 'pick', failure: i18n._(msg`The file is too large for a fuel log (at most 5 MB).`) });
      return;
    }
    const text = decodeLog(await picked.arrayBuffer());
    setFile({ name: picked.name, text });
    read(picked.name, text, currency);
  }

  async function onImport(log: ParsedLog) {
    if (!userId) return;
    const existing = await importBaseline(userId, online);
    const { fresh, duplicates } = splitDuplicates(log.rows, existing);
    const rows = chronological(fresh);
    const errors = log.errors.map((e) => ({ line: e.line, text: i18n._(PROBLEM_LABELS[e.problem]) }));
    let sent = 0;
    let queued = 0;
    setStep({ kind: 'importing', log, done: 0, total: rows.length });
    for (const [i, row] of rows.entries()) {
      const outcome = await save(row);
      if (outcome === 'sent') sent++;
      else if (outcome === 'queued') queued++;
      else errors.push({ line: row.line, text: outcome.error });
      setStep({ kind: 'importing', log, done: i + 1, total: rows.length });
    }
    errors.sort((a, b) => a.line - b.line);
    setStep({ kind: 'done', sent, queued, duplicates: duplicates.length, errors });
  }

  async function save(row: ImportRow): Promise<'sent' | 'queued' | { error: string }> {
    try {
      const result = await create.mutateAsync({
        userId: userId as string,
        localKey: crypto.randomUUID(),
        body: toImportBody(row, vehicle || null),
      });
      return result.status;
    } catch (error) {
      return { error: errorText(i18n, error) };
    }
  }

  const picker = (
    <input
      ref={input}
      type="file"
      className="visually-hidden"
      // The visible button opens it: one tab stop for one action, not a second, invisible one.
      tabIndex={-1}
      accept=".csv,text/csv,text/plain"
      aria-label={i18n._(msg`Choose a fuel log (CSV)`)}
      onChange={(e) => {
        void onPick(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
  const chooseButton = (variant: 'primary' | 'secondary') => (
    <Button fullWidth variant={variant} icon={<UploadIcon size={20} />} onClick={() => input.current?.click()}>
      <Trans>Choose a CSV file</Trans>
    </Button>
  );

  if (step.kind === 'done') {
    return (
      <Page
        title={<Trans>Import finished</Trans>}
        actions={
          <Link to="/history" className={buttonClass({ fullWidth: true })}>
            <Trans>Show the history</Trans>
          </Link>
        }
      >
        <Notice tone={step.errors.length ? 'warning' : 'success'} live="status">
          <ul className="history-import-summary">
            <li>
              <Plural value={step.sent} one="# fill imported" other="# fills imported" />
            </li>
            {step.queued ? (
              <li>
                <Plural
                  value={step.queued}
                  one="# fill saved on this phone, sent when you are online"
                  other="# fills saved on this phone, sent when you are online"
                />
              </li>
            ) : null}
            <li>
              <Plural
                value={step.duplicates}
                one="# fill skipped: already in the history"
                other="# fills skipped: already in the history"
              />
            </li>
          </ul>
        </Notice>
        <LineErrors errors={step.errors} />
      </Page>
    );
  }

  if (step.kind === 'preview' || step.kind === 'importing') {
    const { log } = step;
    const busy = step.kind === 'importing';
    return (
      <Page
        title={<Trans>Import a fuel log</Trans>}
        description={
          <Trans>
            {FORMAT_NAMES[log.format]} fuel log “{step.kind === 'preview' ? step.name : file?.name}”
          </Trans>
        }
        actions={
          <Button fullWidth disabled={log.rows.length === 0} loading={busy} onClick={() => void onImport(log)}>
            {busy ? (
              <Trans>
                Importing {step.done} of {step.total}…
              </Trans>
            ) : (
              <Plural value={log.rows.length} one="Import # fill" other="Import # fills" />
            )}
          </Button>
        }
      >
        {picker}
        {!log.mapping.currency ? (
          <SelectField
            label={i18n._(msg`Currency of the amounts`)}
            hint={<Trans>The file does not say which currency was paid.</Trans>}
            value={currency}
            disabled={busy}
            onChange={(value) => {
              setCurrency(value as Currency);
              if (file) read(file.name, file.text, value as Currency, log.mapping);
            }}
            options={CURRENCIES.map((c) => ({ value: c, title: c }))}
          />
        ) : null}
        <SelectField
          label={i18n._(msg`Vehicle`)}
          value={vehicle}
          disabled={busy}
          onChange={setVehicle}
          options={[
            { value: '', title: i18n._(msg`No vehicle`) },
            ...vehicles.map((v) => ({ value: v.id, title: v.name })),
          ]}
        />
        <ImportPreview
          log={log}
          disabled={busy}
          onRemap={(field, column) => {
            if (file) read(file.name, file.text, currency, remap(log.mapping, field, column));
          }}
        />
        {busy ? null : chooseButton('secondary')}
      </Page>
    );
  }

  return (
    <Page title={<Trans>Import a fuel log</Trans>} actions={chooseButton('primary')}>
      {picker}
      <p>
        <Trans>
          Bring your fuel log from Spritmonitor or Fuelly: export it there as CSV and choose the file here. You see
          which columns are used and the first lines before anything is saved; fills already in your history are
          skipped.
        </Trans>
      </p>
      {step.failure ? (
        <Notice tone="danger" live="alert">
          {step.failure}
        </Notice>
      ) : null}
    </Page>
  );
}
