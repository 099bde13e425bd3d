import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { User } from '../../contract/users';
import { taxPatch, taxValues, validateTaxId } from '../features/profile/model/account-form';
import { useUpdateUser } from '../features/profile/queries';
import { CountryField } from '../features/profile/ui/CountryField';
import { useOwnUser } from '../features/profile/ui/use-own-user';
import { ApiError } from '../lib/http/errors';
import { Button, FormAlert, Page, SkeletonList, TextField, toast, useForm } from '../ui';
import { accountPage } from './-account-page';

export const Route = createFileRoute('/tax')({
  beforeLoad: accountPage,
  component: TaxPage,
});

/** VAT data: the country and tax id printed on invoices (§5: a Portuguese tax id must be a valid NIF). */
function TaxPage() {
  const user = useOwnUser();
  return (
    <Page>
      <h1 className="visually-hidden">
        <Trans>VAT data</Trans>
      </h1>
      {user.data ? <TaxForm key={user.data.id} user={user.data} /> : <SkeletonList rows={2} />}
    </Page>
  );
}

const namesTaxId = (error: unknown) =>
  error instanceof ApiError &&
  Array.isArray(error.details) &&
  error.details.some((d: { path?: unknown }) => d?.path === 'taxInfo.taxId');

function TaxForm({ user }: { user: User }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const update = useUpdateUser();
  const form = useForm({
    initial: taxValues(user),
    labels: { country: msg`Country`, taxId: msg`Tax ID` },
    validate: { taxId: (value, values) => validateTaxId(value, values.country) },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId: user.id, patch: taxPatch(values) });
    } catch (error) {
      // The server checks the same rule; its answer names the field.
      if (namesTaxId(error)) {
        form.setError('taxId', { kind: 'format' });
        return;
      }
      throw error;
    }
    toast.show({ text: i18n._(msg`Your VAT data is saved`), tone: 'success' });
    await navigate({ to: '/profile' });
  });
  return (
    <>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <CountryField {...form.field('country')} />
        <TextField
          autoComplete="off"
          inputMode={form.values.country === 'PT' ? 'numeric' : undefined}
          hint={form.values.country === 'PT' ? <Trans>Your NIF: 9 digits</Trans> : undefined}
          {...form.field('taxId')}
        />
      </form>
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Save VAT data</Trans>
        </Button>
      </Page.Actions>
    </>
  );
}
