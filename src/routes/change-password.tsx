import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PasswordChangeForm } from '../features/session/ui/PasswordChangeForm';
import { StatusScreen } from '../features/session/ui/StatusScreen';
import { buttonClass } from '../ui';
import { SuccessIcon } from '../ui/icons';
import { accountPage } from './-account-page';

export const Route = createFileRoute('/change-password')({
  beforeLoad: accountPage,
  component: ChangePassword,
});

function ChangePassword() {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <StatusScreen
        tone="success"
        icon={<SuccessIcon size={36} />}
        title={<Trans>Password changed</Trans>}
        live
        focusTitle
        actions={
          <Link to="/settings" className={buttonClass({ size: 'lg' })}>
            <Trans>Back to settings</Trans>
          </Link>
        }
      >
        <p>
          <Trans>Your password has been changed. You were logged out on your other devices.</Trans>
        </p>
      </StatusScreen>
    );
  }
  return (
    <PasswordChangeForm
      askCurrent
      hideTitle
      title={<Trans>Change password</Trans>}
      description={<Trans>You stay logged in on this device. Your other devices will be logged out.</Trans>}
      onDone={() => setDone(true)}
    />
  );
}
