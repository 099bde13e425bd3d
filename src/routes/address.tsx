import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { User } from '../../contract/users';
import { addressPatch, addressValues, validateZip } from '../features/profile/model/account-form';
import { useUpdateUser } from '../features/profile/queries';
import { CountryField } from '../features/profile/ui/CountryField';
import { useOwnUser } from '../features/profile/ui/use-own-user';
import { Button, FormAlert, Page, SkeletonList, TextField, toast, useForm } from '../ui';
import { accountPage } from './-account-page';

export const Route = createFileRoute('/address')({
  beforeLoad: accountPage,
  component: AddressPage,
});

/** The driver's postal address (receipts and invoices carry it). */
function AddressPage() {
  const user = useOwnUser();
  return (
    <Page>
      <h1 className="visually-hidden">
        <Trans>Address</Trans>
      </h1>
      {user.data ? <AddressForm key={user.data.id} user={user.data} /> : <SkeletonList rows={5} />}
    </Page>
  );
}

function AddressForm({ user }: { user: User }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const update = useUpdateUser();
  const form = useForm({
    initial: addressValues(user),
    labels: {
      street: msg`Street`,
      houseNumber: msg`House number`,
      street2: msg`Additional address line`,
      zip: msg`Zip code`,
      city: msg`City`,
      countryCode: msg`Country`,
    },
    validate: { zip: validateZip },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync({ userId: user.id, patch: addressPatch(values) });
    toast.show({ text: i18n._(msg`Your address is saved`), tone: 'success' });
    await navigate({ to: '/profile' });
  });
  return (
    <>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <div className="profile-row">
          <TextField autoComplete="address-line1" {...form.field('street')} />
          <TextField {...form.field('houseNumber')} />
        </div>
        <TextField autoComplete="address-line2" {...form.field('street2')} />
        <div className="profile-row">
          <TextField autoComplete="address-level2" {...form.field('city')} />
          <TextField autoComplete="postal-code" {...form.field('zip')} />
        </div>
        <CountryField {...form.field('countryCode')} />
      </form>
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Save address</Trans>
        </Button>
      </Page.Actions>
    </>
  );
}
