// What both fueling pages (prepay and postpay) show around a cancel: the queued-cancel alert, the offline notice and
// the confirm dialog. The pages keep the state (the order-wait reducer's notice, the dialog's open flag).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useOnline } from '../../../lib/use-online';
import { Button, Dialog, FormAlert, Notice } from '../../../ui';
import { FuelIcon } from '../../../ui/icons';
import { DialogIcon } from './ResultHero';

/** The cancel waiting in the outbox, and no signal: fuelling goes on either way. */
export function FuellingNotices({ cancelQueued }: { cancelQueued: boolean }) {
  const { i18n } = useLingui();
  const online = useOnline();
  return (
    <>
      <FormAlert>
        {cancelQueued
          ? i18n._(
              msg`No signal: your cancel waits on this phone and is sent as soon as you are back online. Hang up the nozzle if you have started.`,
            )
          : null}
      </FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline. Fuelling goes on; we will update this screen when you are back online.</Trans>
        </Notice>
      ) : null}
    </>
  );
}

/** "Cancel fuelling?": Yes closes the dialog and cancels, No closes it. */
export function CancelFuellingDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <DialogIcon tone="warning">
        <FuelIcon size={28} />
      </DialogIcon>
      <h2 id={titleId}>
        <Trans>Cancel fuelling?</Trans>
      </h2>
      <p>
        <Trans>If you have already started, hang up the nozzle: you pay only for the fuel you took.</Trans>
      </p>
      <div className="actions">
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          <Trans>Yes, cancel</Trans>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          <Trans>No, continue</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
