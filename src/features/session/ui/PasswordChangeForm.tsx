import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText, fieldErrorText } from '../../../i18n/messages';
import {
  type Errors,
  hasErrors,
  validateConfirmation,
  validatePassword,
  validateRequired,
} from '../../../lib/validation';
import { FormAlert, PasswordField, SubmitButton } from '../../../ui/Form';
import { authApi } from '../api';
import { startSession } from '../queries';

type Field = 'oldPassword' | 'newPassword' | 'confirmation';

/** Change the password; a change ends every session, so the answer's fresh token becomes the session. */
export function PasswordChangeForm({ askCurrent, onDone }: { askCurrent: boolean; onDone: () => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const labels = {
    oldPassword: i18n._(msg`Current password`),
    newPassword: i18n._(msg`New password`),
    confirmation: i18n._(msg`Confirm new password`),
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors<Field> = {
      oldPassword: askCurrent ? (validateRequired(oldPassword) ?? undefined) : undefined,
      newPassword: validatePassword(newPassword) ?? undefined,
      confirmation: validateConfirmation(newPassword, confirmation) ?? undefined,
    };
    setErrors(next);
    setAlert(null);
    if (hasErrors(next)) return;
    setPending(true);
    try {
      const response = await authApi.changePassword(askCurrent ? { newPassword, oldPassword } : { newPassword });
      startSession(queryClient, response, false);
      onDone();
    } catch (error) {
      setAlert(errorText(i18n, error));
    } finally {
      setPending(false);
    }
  }

  const err = (field: Field) => {
    const e = errors[field];
    return e ? fieldErrorText(i18n, e, labels[field]) : null;
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert>{alert}</FormAlert>
      {askCurrent ? (
        <PasswordField
          label={labels.oldPassword}
          name="current-password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          error={err('oldPassword')}
        />
      ) : null}
      <PasswordField
        label={labels.newPassword}
        name="new-password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        hint={<Trans>8 to 40 characters</Trans>}
        error={err('newPassword')}
      />
      <PasswordField
        label={labels.confirmation}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={err('confirmation')}
      />
      <SubmitButton pending={pending}>
        <Trans>Save new password</Trans>
      </SubmitButton>
    </form>
  );
}
