import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { validateNewPassword } from '../../../lib/new-password';
import { validateConfirmation, validateRequired } from '../../../lib/validation';
import { Button, Page, PasswordField, useForm } from '../../../ui';
import { useChangePassword } from '../queries';
import { AlertInView } from './AlertInView';

type Props = {
  /** Ask for the current password (not in a session opened with a temporary password). */
  askCurrent: boolean;
  onDone: () => void;
  title: ReactNode;
  /** The shell's top bar already names the screen: the h1 is for screen readers only. */
  hideTitle?: boolean;
  description?: ReactNode;
};

/**
 * The password change screen (change-password, change-tmp-password): the fields, and "Save new password" in the
 * bottom bar. A change ends every session, so the mutation makes the answer's fresh token this session's.
 */
export function PasswordChangeForm({ askCurrent, onDone, title, hideTitle, description }: Props) {
  const formId = useId();
  const change = useChangePassword();
  const form = useForm({
    initial: { oldPassword: '', newPassword: '', confirmation: '' },
    labels: {
      oldPassword: msg`Current password`,
      newPassword: msg`New password`,
      confirmation: msg`Confirm new password`,
    },
    validate: {
      oldPassword: (value) => (askCurrent ? validateRequired(value) : null),
      newPassword: validateNewPassword,
      confirmation: (value, values) => validateConfirmation(values.newPassword, value),
    },
  });
  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    await change.mutateAsync(askCurrent ? { newPassword, oldPassword } : { newPassword });
    onDone();
  });

  return (
    <Page
      className="sign-in-page"
      title={hideTitle ? undefined : title}
      description={hideTitle ? undefined : description}
      actions={
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Save new password</Trans>
        </Button>
      }
    >
      {hideTitle ? (
        <>
          <h1 className="visually-hidden">{title}</h1>
          {description ? <p className="sign-in-intro">{description}</p> : null}
        </>
      ) : null}
      <form id={formId} className="sign-in-form" noValidate onSubmit={onSubmit}>
        <AlertInView>{form.alert}</AlertInView>
        {askCurrent ? <PasswordField autoComplete="current-password" {...form.field('oldPassword')} /> : null}
        <PasswordField
          autoComplete="new-password"
          hint={<Trans>8 to 40 characters</Trans>}
          {...form.field('newPassword')}
        />
        <PasswordField autoComplete="new-password" {...form.field('confirmation')} />
      </form>
    </Page>
  );
}
