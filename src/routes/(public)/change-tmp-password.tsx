import { Trans } from '@lingui/react/macro';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { session } from '../../features/session/store';
import { PasswordChangeForm } from '../../features/session/ui/PasswordChangeForm';

export const Route = createFileRoute('/(public)/change-tmp-password')({
  // Open route, but changing a password needs the session opened with the temporary password.
  beforeLoad: () => {
    if (!session.isRegistered()) throw redirect({ to: '/login', search: true });
  },
  component: ChangeTmpPassword,
});

function ChangeTmpPassword() {
  const navigate = useNavigate();
  return (
    <PasswordChangeForm
      askCurrent={false}
      title={<Trans>Choose a new password</Trans>}
      description={<Trans>You logged in with a temporary password. Please choose your own password to continue.</Trans>}
      onDone={() => void navigate({ to: '/' })}
    />
  );
}
