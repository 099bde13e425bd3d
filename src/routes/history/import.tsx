import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { ImportMapping } from '../../features/history/ui/ImportMapping';
import { ImportPreview, LineErrors } from '../../features/history/ui/ImportPreview';
import { FORMAT_NAMES } from '../../features/history/ui/import-words';
import { useFuelLogImport } from '../../features/history/ui/use-fuel-log-import';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { useOnline } from '../../lib/use-online';
import { Button, buttonClass, Notice, Page } from '../../ui';
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
        {step.conflicts > 0 ? (
          <Button fullWidth variant="secondary" onClick={flow.intoNewVehicle}>
            <Trans>Import the refused fills into a new vehicle</Trans>
          </Button>
        ) : null}
        <LineErrors errors={step.errors} />
      </Page>
    );
  }

  if (step.kind === 'mapping' && log) {
    return (
      <ImportMapping key={log.headers.join('|')} log={log} description={described} onConfirm={flow.confirmMapping} />
    );
  }

  if (step.kind === 'conflicts') {
    return (
      <Page
        title={<Trans>Mileage does not fit this vehicle</Trans>}
        description={<Trans>Some readings of the log conflict with the readings the vehicle already has.</Trans>}
        actions={
          <Button fullWidth onClick={flow.intoNewVehicle}>
            <Trans>Import into a new vehicle instead</Trans>
          </Button>
        }
      >
        <LineErrors
          errors={step.conflicts}
          title={<Plural value={step.conflicts.length} one="# conflicting reading" other="# conflicting readings" />}
        />
        <Button fullWidth variant="secondary" onClick={flow.startWithoutConflicts}>
          <Trans>Import the other fills, leave these out</Trans>
        </Button>
        <Button fullWidth variant="ghost" onClick={flow.backToPreview}>
          <Trans>Back</Trans>
        </Button>
      </Page>
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
