// The fuel-log import's flow (issue 35), owned here so the route only composes: the file read and parsed, the mapping
// step (for a CSV of unknown shape, or when the driver asks), the vehicle (one of the driver's, a new one made from the
// log, or none), the readings that conflict with the vehicle's checked before sending, then each line sent through the
// outbox with its own idempotency key (file, line, vehicle), so a lost signal loses nothing and a resumed import sends
// nothing twice. Progress is counted per line; the page stays responsive because every line is its own await.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import type { Currency } from '../../../../contract/plain/stations';
import type { VehicleFuel } from '../../../../contract/vehicles';
import { errorText } from '../../../i18n/messages';
import { useCreateVehicle } from '../../vehicles/queries';
import {
  type ColumnMapping,
  chronological,
  decodeLog,
  headerShape,
  type ImportRow,
  lineKey,
  mainFuelType,
  type ParsedLog,
  parseFuelLog,
  splitDuplicates,
  textHash,
  toImportBody,
  type ValueFormats,
} from '../model/csv-import';
import { type Conflict, conflictFromError, findConflicts, readingsOf } from '../model/import-conflicts';
import { importBaseline, useCreateCost } from '../queries';
import { rememberedMapping, rememberMapping } from '../store';
import { conflictText, PROBLEM_LABELS } from './import-words';

/** The file must be a fuel log, not a database dump: Spritmonitor's export of ten years is far below this. */
export const MAX_LOG_BYTES = 5 * 1024 * 1024;

export type VehicleChoice =
  | { kind: 'existing'; id: string }
  | { kind: 'none' }
  | { kind: 'new'; name: string; fuel: VehicleFuel | null };

export type LineMessage = { line: number; text: string };

export type ImportStep =
  | { kind: 'pick'; failure: string | null }
  | { kind: 'mapping' }
  | { kind: 'preview' }
  | { kind: 'conflicts'; conflicts: LineMessage[] }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; sent: number; queued: number; duplicates: number; errors: LineMessage[]; conflicts: number };

type FileRead = { name: string; text: string; hash: string };
type Settings = {
  currency: Currency;
  mapping?: ColumnMapping | undefined;
  formats?: Partial<ValueFormats> | undefined;
  /** The car of a file of several (Fuelly's car_name). */
  fileVehicle: string | null;
};

export function useFuelLogImport(input: {
  i18n: I18n;
  userId: string | null;
  online: boolean;
  vehicles: Array<{ id: string; name: string }>;
}) {
  const { i18n, userId, online, vehicles } = input;
  const create = useCreateCost();
  const createVehicle = useCreateVehicle();
  const [step, setStep] = useState<ImportStep>({ kind: 'pick', failure: null });
  const [file, setFile] = useState<FileRead | null>(null);
  const [settings, setSettings] = useState<Settings>({ currency: 'EUR', fileVehicle: null });
  const [chosen, setChosen] = useState<VehicleChoice | null>(null);

  const parsed = useMemo(
    () =>
      file
        ? parseFuelLog(file.text, { currency: settings.currency, mapping: settings.mapping, formats: settings.formats })
        : null,
    [file, settings.currency, settings.mapping, settings.formats],
  );
  const log: ParsedLog | null = parsed && !('failure' in parsed) ? parsed : null;
  const fileVehicle = settings.fileVehicle ?? log?.vehicles[0] ?? null;
  const rows = useMemo(
    () => (log ? log.rows.filter((r) => log.vehicles.length < 2 || r.vehicle === fileVehicle) : []),
    [log, fileVehicle],
  );
  // The driver's vehicle unless another choice is made (the vehicles load after the page).
  const vehicle: VehicleChoice = chosen ?? (vehicles[0] ? { kind: 'existing', id: vehicles[0].id } : { kind: 'none' });
  const newVehicleDefaults = (): VehicleChoice => ({
    kind: 'new',
    name: (fileVehicle ?? file?.name.replace(/\.[a-z]+$/i, '') ?? '').slice(0, 60),
    fuel: mainFuelType(rows),
  });

  async function pick(picked: File | undefined) {
    if (!picked) return;
    if (picked.size > MAX_LOG_BYTES) {
      setStep({ kind: 'pick', failure: i18n._(msg`The file is too large for a fuel log (at most 5 MB).`) });
      return;
    }
    const { text } = decodeLog(await picked.arrayBuffer());
    const first = parseFuelLog(text, { currency: settings.currency });
    if ('failure' in first) {
      setStep({
        kind: 'pick',
        failure:
          first.failure === 'empty'
            ? i18n._(msg`The file is empty.`)
            : i18n._(msg`This file has no header row: the first line must name the columns.`),
      });
      return;
    }
    // A mapping confirmed before for files with these headers is used again.
    const remembered = rememberedMapping(headerShape(first.headers));
    setFile({ name: picked.name, text, hash: textHash(text) });
    setSettings({
      currency: settings.currency,
      fileVehicle: null,
      mapping: remembered?.mapping as ColumnMapping | undefined,
      formats: remembered?.formats as Partial<ValueFormats> | undefined,
    });
    setChosen(null);
    setStep({ kind: first.unsure && !remembered ? 'mapping' : 'preview' });
  }

  /** The driver confirmed the columns and formats: remembered for the next file of this shape. */
  function confirmMapping(mapping: ColumnMapping, formats: ValueFormats) {
    if (log) rememberMapping(headerShape(log.headers), { mapping, formats });
    setSettings((s) => ({ ...s, mapping, formats }));
    setStep({ kind: 'preview' });
  }

  const lineProblems = (l: ParsedLog): LineMessage[] =>
    l.errors.map((e) => ({ line: e.line, text: i18n._(PROBLEM_LABELS[e.problem]) }));

  async function start(skipConflicts = false) {
    if (!userId || !log || !file) return;
    let thingId: string | null = vehicle.kind === 'existing' ? vehicle.id : null;
    if (vehicle.kind === 'new') {
      try {
        const thing = await createVehicle.mutateAsync({
          userId,
          body: { type: 'car', nickName: vehicle.name.trim() || i18n._(msg`Imported vehicle`), fuelType: vehicle.fuel },
        });
        thingId = thing._id;
        setChosen({ kind: 'existing', id: thing._id });
      } catch (error) {
        setStep({ kind: 'pick', failure: errorText(i18n, error) });
        return;
      }
    }
    const existing = await importBaseline(userId, online);
    const { fresh, duplicates } = splitDuplicates(rows, existing);
    let toSend = chronological(fresh);
    const errors: LineMessage[] = lineProblems(log);
    let conflicts: Conflict[] = [];
    if (thingId) {
      conflicts = findConflicts(toSend, readingsOf(existing, thingId));
      if (conflicts.length > 0 && !skipConflicts && vehicle.kind === 'existing') {
        setStep({
          kind: 'conflicts',
          // In the file's order, as the driver reads it.
          conflicts: conflicts
            .map((c) => ({ line: c.line, text: conflictText(i18n, c) }))
            .sort((a, b) => a.line - b.line),
        });
        return;
      }
      const refused = new Set(conflicts.map((c) => c.line));
      toSend = toSend.filter((r) => !refused.has(r.line));
      errors.push(...conflicts.map((c) => ({ line: c.line, text: conflictText(i18n, c) })));
    }
    let sent = 0;
    let queued = 0;
    let refusedReadings = conflicts.length;
    setStep({ kind: 'importing', done: 0, total: toSend.length });
    for (const [i, row] of toSend.entries()) {
      const outcome = await send(row, thingId);
      if (outcome === 'sent') sent++;
      else if (outcome === 'queued') queued++;
      else {
        errors.push({ line: row.line, text: outcome.error });
        if (outcome.conflict) refusedReadings++;
      }
      setStep({ kind: 'importing', done: i + 1, total: toSend.length });
    }
    errors.sort((a, b) => a.line - b.line);
    setStep({ kind: 'done', sent, queued, duplicates: duplicates.length, errors, conflicts: refusedReadings });
  }

  async function send(
    row: ImportRow,
    thingId: string | null,
  ): Promise<'sent' | 'queued' | { error: string; conflict: boolean }> {
    const key = lineKey((file as FileRead).hash, row, thingId);
    try {
      const result = await create.mutateAsync({
        userId: userId as string,
        localKey: key.replace(/[^a-zA-Z0-9-]/g, '-'),
        idempotencyKey: key,
        body: toImportBody(row, thingId),
      });
      return result.status;
    } catch (error) {
      const conflict = conflictFromError(row.line, row.odometerKm, error as { status?: number; details?: unknown });
      return conflict
        ? { error: conflictText(i18n, conflict), conflict: true }
        : { error: errorText(i18n, error), conflict: false };
    }
  }

  return {
    step,
    file,
    log,
    rows,
    settings,
    fileVehicle,
    vehicle,
    pick,
    confirmMapping,
    lineProblems,
    editMapping: () => setStep({ kind: 'mapping' }),
    backToPreview: () => setStep({ kind: 'preview' }),
    setCurrency: (currency: Currency) => setSettings((s) => ({ ...s, currency })),
    setFileVehicle: (name: string) => setSettings((s) => ({ ...s, fileVehicle: name })),
    chooseVehicle: (choice: VehicleChoice) => setChosen(choice),
    newVehicleDefaults,
    /** Conflicts found: import the same lines into a new vehicle made from the log instead. */
    intoNewVehicle: () => {
      setChosen(newVehicleDefaults());
      setStep({ kind: 'preview' });
    },
    start: () => void start(false),
    startWithoutConflicts: () => void start(true),
    restart: () => {
      setFile(null);
      setStep({ kind: 'pick', failure: null });
    },
  };
}
