import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useRef } from 'react';
import { ImportMapping } from '../../features/history/ui/ImportMapping';
import { ImportConflicts, ImportDone } from '../../features/history/ui/ImportOutcome';
import { ImportPreview } from '../../features/history/ui/ImportPreview';
import { FORMAT_NAMES } from '../../features/history/ui/import-words';
import { useFuelLogImport } from '../../features/history/ui/use-fuel-log-import';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { useOnline } from '../../lib/use-online';
import { Button, Notice, Page } from '../../ui';
import { UploadIcon } from '../../ui/icons';

export const Route = createFileRoute('/history/import')({
  component: ImportLog,
});

/**
 * A fuel log into the history (issues 14, 35): Spritmonitor, Fuelly, Fuelio, LubeLogger or any CSV through the
 * mapping step; the vehicle chosen or made; each line through the outbox (use-fuel-log-import owns the flow).
 */
function ImportLog() {
  const { i18n } = useLingui();
  const { userId, vehicles } = useVehicles();
  const online = useOnline();
  const flow = useFuelLogImport({ i18n, userId, online, vehicles });
  const input = useRef<HTMLInputElement>(null);
  const { step, log, file } = flow;
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
        void flow.pick(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
  const chooseButton = (variant: 'primary' | 'secondary') => (
    <Button fullWidth variant={variant} icon={<UploadIcon size={20} />} onClick={() => input.current?.click()}>
      <Trans>Choose a CSV file</Trans>
    </Button>
  );
  const fileName = file?.name ?? '';
  const described = log
    ? log.format === 'custom'
      ? i18n._(msg`“${fileName}”`)
      : i18n._(msg`${FORMAT_NAMES[log.format]} fuel log “${fileName}”`)
    : null;

  if (step.kind === 'done') return <ImportDone {...step} onNewVehicle={flow.intoNewVehicle} />;

  if (step.kind === 'mapping' && log) {
    return (
      <ImportMapping key={log.headers.join('|')} log={log} description={described} onConfirm={flow.confirmMapping} />
    );
  }

  if (step.kind === 'conflicts') {
    return (
      <ImportConflicts
        conflicts={step.conflicts}
        onNewVehicle={flow.intoNewVehicle}
        onWithout={flow.startWithoutConflicts}
        onBack={flow.backToPreview}
      />
    );
  }

  if ((step.kind === 'preview' || step.kind === 'importing') && log) {
    const busy = step.kind === 'importing';
    return (
      <Page
        title={<Trans>Import a fuel log</Trans>}
        description={described}
        actions={
          busy ? (
            <div className="history-import-progress" role="status">
              <progress max={step.total} value={step.done} aria-label={i18n._(msg`Import progress`)} />
              <Trans>
                Importing {step.done} of {step.total}…
              </Trans>
            </div>
          ) : (
            <Button fullWidth disabled={flow.rows.length === 0} onClick={flow.start}>
              <Plural value={flow.rows.length} one="Import # fill" other="Import # fills" />
            </Button>
          )
        }
      >
        {picker}
        <ImportPreview
          log={log}
          rows={flow.rows}
          vehicles={vehicles}
          vehicle={flow.vehicle}
          onVehicle={flow.chooseVehicle}
          newVehicle={flow.newVehicleDefaults}
          fileVehicle={flow.fileVehicle}
          onFileVehicle={flow.setFileVehicle}
          currency={flow.settings.currency}
          onCurrency={flow.setCurrency}
          problems={flow.lineProblems(log)}
          disabled={busy}
        />
        {busy ? null : (
          <>
            <Button fullWidth variant="secondary" onClick={flow.editMapping}>
              <Trans>Change the columns</Trans>
            </Button>
            {chooseButton('secondary')}
          </>
        )}
      </Page>
    );
  }

  return (
    <Page title={<Trans>Import a fuel log</Trans>} actions={chooseButton('primary')}>
      {picker}
      <p>
        <Trans>
          Bring your fuel log from Spritmonitor, Fuelly, Fuelio, LubeLogger or any spreadsheet: export it there as CSV
          and choose the file here. You see its first lines and which column is used for what before anything is saved;
          fills already in your history are skipped.
        </Trans>
      </p>
      {step.kind === 'pick' && step.failure ? (
        <Notice tone="danger" live="alert">
          {step.failure}
        </Notice>
      ) : null}
    </Page>
  );
}
