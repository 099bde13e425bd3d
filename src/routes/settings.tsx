import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { uiQuery } from '../app/query-carry';
import { RecentReceipts } from '../features/orders/ui/RecentReceipts';
import { useDeleteAccount } from '../features/profile/queries';
import { clearLocalStore, useLogout, useSession, useUser } from '../features/session/queries';
import { LanguageSheet, useLanguageName } from '../features/settings/ui/LanguageSheet';
import { GENERIC_ERROR } from '../i18n/messages';
import { APP_VERSION_LABEL } from '../lib/constants';
import { Button, buttonClass, Card, Dialog, List, ListItem, Notice, Page, Section, Skeleton } from '../ui';
import { HelpIcon, HistoryIcon, LanguageIcon, LogOutIcon, TrashIcon, UserIcon } from '../ui/icons';
import { settingsPage } from './-account-page';

export const Route = createFileRoute('/settings')({
  validateSearch: uiQuery,
  beforeLoad: settingsPage,
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
  const [languageOpen, setLanguageOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const deleteTitle = useId();
  const languageName = useLanguageName();
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
    <Page className="settings">
      <h1 className="visually-hidden">
        <Trans>Settings</Trans>
      </h1>
      {alert ? (
        <Notice tone="danger" live="alert">
          {alert}
        </Notice>
      ) : null}
      {registered ? (
        <List header={<Trans>Account</Trans>}>
          <ListItem
            leading={<UserIcon size={20} />}
            title={user.data?.email ?? <Skeleton width="12rem" />}
            subtitle={<Trans>Logged in as</Trans>}
          />
          <ListItem title={<Trans>Profile</Trans>} render={(row) => <Link to="/profile" {...row} />} />
          <ListItem title={<Trans>Change password</Trans>} render={(row) => <Link to="/change-password" {...row} />} />
        </List>
      ) : (
        <Section title={<Trans>Account</Trans>}>
          <Card>
            <p>
              <Trans>You are using Forecourt Pay as a guest.</Trans>
            </p>
            <div className="actions">
              <Link to="/login" className={buttonClass()}>
                <Trans>Log in</Trans>
              </Link>
              <Link to="/register" className={buttonClass({ variant: 'secondary' })}>
                <Trans>Register</Trans>
              </Link>
            </div>
          </Card>
        </Section>
      )}
      {registered ? (
        <List header={<Trans>Logbook</Trans>}>
          <ListItem
            leading={<HistoryIcon size={20} />}
            title={<Trans>History and costs</Trans>}
            subtitle={<Trans>Payments, trips, costs and statistics</Trans>}
            render={(row) => <Link to="/history" {...row} />}
          />
        </List>
      ) : null}
      {record?.userId ? <RecentReceipts userId={record.userId} /> : null}
      <List header={<Trans>Language</Trans>}>
        <ListItem
          leading={<LanguageIcon size={20} />}
          title={<Trans>App language</Trans>}
          trailing={languageName}
          chevron
          onClick={() => setLanguageOpen(true)}
        />
      </List>
      <List header={<Trans>About</Trans>} footer={<Trans>Version {APP_VERSION_LABEL}</Trans>}>
        <ListItem
          leading={<HelpIcon size={20} />}
          title={<Trans>How it works</Trans>}
          render={(row) => <Link to="/onboarding" {...row} />}
        />
      </List>
      {registered ? (
        <div className="actions settings-account-actions">
          <Button variant="secondary" icon={<LogOutIcon size={20} />} loading={logout.isPending} onClick={onLogout}>
            <Trans>Log out</Trans>
          </Button>
          <Button variant="danger" icon={<TrashIcon size={20} />} onClick={() => setConfirmDelete(true)}>
            <Trans>Delete account</Trans>
          </Button>
        </div>
      ) : null}
      <LanguageSheet open={languageOpen} onClose={() => setLanguageOpen(false)} />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} labelledBy={deleteTitle}>
        <h2 id={deleteTitle}>
          <Trans>Delete your account?</Trans>
        </h2>
        <p>
          <Trans>Your account and its data will be deleted. This cannot be undone.</Trans>
        </p>
        <div className="actions">
          <Button variant="danger" loading={deleteAccount.isPending} onClick={onDelete}>
            <Trans>Delete account</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
