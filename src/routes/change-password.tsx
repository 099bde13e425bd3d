import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { requireRegistered } from '../app/guards';
import { PasswordChangeForm } from '../features/session/ui/PasswordChangeForm';

export const Route = createFileRoute('/change-password')({
  beforeLoad: requireRegistered,
  component: ChangePassword,
});

function ChangePassword() {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <section className="page" role="status">
        <p className="lead">
          <Trans>Your password has been changed. You were logged out on your other devices.</Trans>
        </p>
        <Link to="/settings" className="button">
          <Trans>Back to settings</Trans>
        </Link>
      </section>
    );
  }
  return (
    <section className="page">
      <h1 className="visually-hidden">
        <Trans>Change password</Trans>
      </h1>
      <PasswordChangeForm askCurrent onDone={() => setDone(true)} />
    </section>
  );
}
