// The fuel-log import's two outcome screens: the readings that conflict with the chosen vehicle (before anything is
// sent: a new vehicle instead, or the other fills without them), and the summary once every line went out or waits.
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass, Notice, Page } from '../../../ui';
import { LineErrors } from './ImportPreview';
import type { LineMessage } from './use-fuel-log-import';

export function ImportConflicts(props: {
  conflicts: LineMessage[];
  onNewVehicle: () => void;
  onWithout: () => void;
  onBack: () => void;
}) {
  return (
    <Page
      title={<Trans>Mileage does not fit this vehicle</Trans>}
      description={<Trans>Some readings of the log conflict with the readings the vehicle already has.</Trans>}
      actions={
        <Button fullWidth onClick={props.onNewVehicle}>
          <Trans>Import into a new vehicle instead</Trans>
        </Button>
      }
    >
      <LineErrors
        errors={props.conflicts}
        title={<Plural value={props.conflicts.length} one="# conflicting reading" other="# conflicting readings" />}
      />
      <Button fullWidth variant="secondary" onClick={props.onWithout}>
        <Trans>Import the other fills, leave these out</Trans>
      </Button>
      <Button fullWidth variant="ghost" onClick={props.onBack}>
        <Trans>Back</Trans>
      </Button>
    </Page>
  );
}

export function ImportDone(props: {
  sent: number;
  queued: number;
  duplicates: number;
  errors: LineMessage[];
  conflicts: number;
  onNewVehicle: () => void;
}) {
  return (
    <Page
      title={<Trans>Import finished</Trans>}
      actions={
        <Link to="/history" className={buttonClass({ fullWidth: true })}>
          <Trans>Show the history</Trans>
        </Link>
      }
    >
      <Notice tone={props.errors.length ? 'warning' : 'success'} live="status">
        <ul className="history-import-summary">
          <li>
            <Plural value={props.sent} one="# fill imported" other="# fills imported" />
          </li>
          {props.queued ? (
            <li>
              <Plural
                value={props.queued}
                one="# fill saved on this phone, sent when you are online"
                other="# fills saved on this phone, sent when you are online"
              />
            </li>
          ) : null}
          <li>
            <Plural
              value={props.duplicates}
              one="# fill skipped: already in the history"
              other="# fills skipped: already in the history"
            />
          </li>
        </ul>
      </Notice>
      {props.conflicts > 0 ? (
        <Button fullWidth variant="secondary" onClick={props.onNewVehicle}>
          <Trans>Import the refused fills into a new vehicle</Trans>
        </Button>
      ) : null}
      <LineErrors errors={props.errors} />
    </Page>
  );
}
