import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { User } from '../../../contract/users';
import { personalPatch, personalValues, validatePhone } from '../../features/profile/model/account-form';
import { useDeleteAccount, useUpdateUser } from '../../features/profile/queries';
import { DataExportItem } from '../../features/profile/ui/DataExportItem';
import { useOwnUser } from '../../features/profile/ui/use-own-user';
import { clearLocalStore } from '../../features/session/queries';
import { GENERIC_ERROR } from '../../i18n/messages';
import {
  Button,
  Checkbox,
  Dialog,
  FormAlert,
  List,
  ListItem,
  Notice,
  Page,
  Section,
  SkeletonList,
  TextField,
  toast,
  useForm,
} from '../../ui';
import { KeyIcon, TrashIcon } from '../../ui/icons';
import { accountPage } from '../-account-page';
import { LinkedSignIns } from './-components/LinkedSignIns';

export const Route = createFileRoute('/profile/manage')({
  beforeLoad: accountPage,
  component: ManageProfile,
});

function ManageProfile() {
  const user = useOwnUser();
  return (
    <Page title={<Trans>Personal details</Trans>}>
      {user.data ? <PersonalForm key={user.data.id} user={user.data} /> : <SkeletonList rows={5} />}
    </Page>
  );
}

function PersonalForm({ user }: { user: User }) {
  const { i18n } = useLingui();
  const formId = useId();
  const update = useUpdateUser();
  const form = useForm({
    initial: personalValues(user),
    labels: {
      firstName: msg`First name`,
      lastName: msg`Last name`,
      phone: msg`Phone`,
      company: msg`Company`,
    },
    validate: { phone: validatePhone },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync({ userId: user.id, patch: personalPatch(values) });
    toast.show({ text: i18n._(msg`Your details are saved`), tone: 'success' });
  });
  return (
    <>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <TextField label={i18n._(msg`Email`)} value={user.email ?? ''} readOnly type="email" />
        <TextField autoComplete="given-name" {...form.field('firstName')} />
        <TextField autoComplete="family-name" {...form.field('lastName')} />
        <TextField type="tel" autoComplete="tel" inputMode="tel" {...form.field('phone')} />
        <TextField autoComplete="organization" {...form.field('company')} />
        <fieldset className="profile-form-group">
          <legend>
            <Trans>News and offers may reach me by</Trans>
          </legend>
          <Checkbox label={<Trans>Email</Trans>} {...form.checkbox('marketingEmail')} />
          <Checkbox label={<Trans>Push notification</Trans>} {...form.checkbox('marketingPush')} />
          <Checkbox label={<Trans>SMS</Trans>} {...form.checkbox('marketingSms')} />
        </fieldset>
      </form>
      <LinkedSignIns />
      <AccountActions email={user.email} />
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Save</Trans>
        </Button>
      </Page.Actions>
    </>
  );
}

/** Password, the data export, and deleting the account (with a confirm that says what is lost). */
function AccountActions({ email }: { email: string | null }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const { queryClient } = Route.useRouteContext();
  const deleteAccount = useDeleteAccount();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const deleteTitle = useId();

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
    <Section title={<Trans>Your account</Trans>}>
      {alert ? (
        <Notice tone="danger" live="alert">
          {alert}
        </Notice>
      ) : null}
      <List>
        <ListItem
          leading={<KeyIcon size={20} />}
          title={<Trans>Change password</Trans>}
          render={(row) => <Link to="/change-password" {...row} />}
        />
        <DataExportItem email={email} onError={setAlert} />
        <ListItem
          leading={<TrashIcon size={20} />}
          tone="danger"
          title={<Trans>Delete account</Trans>}
          onClick={() => setConfirmDelete(true)}
        />
      </List>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} labelledBy={deleteTitle}>
        <h2 id={deleteTitle}>
          <Trans>Delete your account?</Trans>
        </h2>
        <p>
          <Trans>This cannot be undone. You lose:</Trans>
        </p>
        <ul className="profile-loss-list">
          <li>
            <Trans>your login and personal details (name, address, VAT data)</Trans>
          </li>
          <li>
            <Trans>your vehicles</Trans>
          </li>
          <li>
            <Trans>your saved payment methods</Trans>
          </li>
          <li>
            <Trans>your history, costs, trips and receipts</Trans>
          </li>
          <li>
            <Trans>your loyalty cards, vouchers and wash tickets</Trans>
          </li>
        </ul>
        <p>
          <Trans>Payments you made stay on record for accounting, without your name.</Trans>
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
    </Section>
  );
}
