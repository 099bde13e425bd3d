import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { requireAuth } from '../app/guards';
import { uiQuery } from '../app/query-carry';
import { RecentReceipts } from '../features/orders/ui/RecentReceipts';
import { useDeleteAccount } from '../features/profile/queries';
import { clearLocalStore, useLogout, useSession, useUser } from '../features/session/queries';
import { LanguageList } from '../features/settings/ui/LanguageDialog';
import { GENERIC_ERROR } from '../i18n/messages';
import { APP_VERSION_LABEL } from '../lib/constants';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/Form';

export const Route = createFileRoute('/settings')({
  validateSearch: uiQuery,
  beforeLoad: requireAuth,
  component: Settings,
});

function Settings() {
  const { i18n } = useLingui();
  const { queryClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const record = useSession();
  const user = useUser(record?.userId);
  const registered = !!record && !record.isGuest;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const deleteTitle = useId();

  const logout = useLogout();
  const deleteAccount = useDeleteAccount();

  async function onLogout() {
    await logout.mutateAsync();
    await navigate({ to: '/login' });
  }

  async function onDelete() {
    const deleted = await deleteAccount.mutateAsync();
    setConfirmDelete(false);
    if (deleted === 'open_order') {
      setAlert(i18n._(msg`Your account cannot be deleted while an order is open. Finish or cancel it first.`));
      return;
    }
    if (!deleted) {
      setAlert(i18n._(GENERIC_ERROR));
      return;
    }
    clearLocalStore(queryClient);
    await navigate({ to: '/landing' });
    await router.invalidate();
  }

  return (
    <div className="page settings">
      <h1 className="visually-hidden">
        <Trans>Settings</Trans>
      </h1>
      <FormAlert>{alert}</FormAlert>
      <section aria-labelledby="settings-account">
        <h2 id="settings-account">
          <Trans>Account</Trans>
        </h2>
        {registered ? (
          <>
            <p>
              <Trans>Logged in as</Trans> <strong>{user.data?.email ?? '…'}</strong>
            </p>
            <ul className="link-list">
              <li>
                <Link to="/change-password">
                  <Trans>Change password</Trans>
                </Link>
              </li>
            </ul>
            <div className="actions">
              <button type="button" className="button secondary" onClick={onLogout}>
                <Trans>Log out</Trans>
              </button>
              <button type="button" className="button danger" onClick={() => setConfirmDelete(true)}>
                <Trans>Delete account</Trans>
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              <Trans>You are using Forecourt Pay as a guest.</Trans>
            </p>
            <div className="actions">
              <Link to="/login" className="button">
                <Trans>Log in</Trans>
              </Link>
              <Link to="/register" className="button secondary">
                <Trans>Register</Trans>
              </Link>
            </div>
          </>
        )}
      </section>
      {record?.userId ? <RecentReceipts userId={record.userId} /> : null}
      <section aria-labelledby="settings-language">
        <h2 id="settings-language">
          <Trans>Language</Trans>
        </h2>
        <LanguageList />
      </section>
      <section aria-labelledby="settings-about">
        <h2 id="settings-about">
          <Trans>About</Trans>
        </h2>
        <ul className="link-list">
          <li>
            <Link to="/onboarding">
              <Trans>How it works</Trans>
            </Link>
          </li>
        </ul>
        <p className="muted">
          <Trans>Version {APP_VERSION_LABEL}</Trans>
        </p>
      </section>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} labelledBy={deleteTitle}>
        <h2 id={deleteTitle}>
          <Trans>Delete your account?</Trans>
        </h2>
        <p>
          <Trans>Your account and its data will be deleted. This cannot be undone.</Trans>
        </p>
        <div className="actions">
          <button type="button" className="button danger" onClick={onDelete}>
            <Trans>Delete account</Trans>
          </button>
          <button type="button" className="button secondary" onClick={() => setConfirmDelete(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </Dialog>
    </div>
  );
}
