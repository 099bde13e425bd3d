import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { DELETE_REACHES, type DeleteReach } from '../../../../contract/history';
import { BottomSheet, Button, RadioList, RadioOption } from '../../../ui';
import { REACH_LABELS } from './labels';

/** Deleting a recurring cost asks how far (§2.4: only this, this and following, all). */
export function ReachSheet({
  open,
  onClose,
  onDelete,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  onDelete: (reach: DeleteReach) => void;
  pending: boolean;
}) {
  const { i18n } = useLingui();
  const [reach, setReach] = useState<DeleteReach>('onlyThis');
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={<Trans>Delete a recurring cost</Trans>}
      description={<Trans>This cost repeats. Which entries do you want to delete?</Trans>}
      footer={
        <Button variant="danger" fullWidth loading={pending} onClick={() => onDelete(reach)}>
          <Trans>Delete</Trans>
        </Button>
      }
    >
      <RadioList label={<Trans>Delete</Trans>} hideLabel value={reach} onChange={(v) => setReach(v as DeleteReach)}>
        {DELETE_REACHES.map((r) => (
          <RadioOption key={r} value={r} title={i18n._(REACH_LABELS[r])} />
        ))}
      </RadioList>
    </BottomSheet>
  );
}
