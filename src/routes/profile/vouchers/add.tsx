import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { validateVoucherCode } from '../../../features/vouchers/model/code';
import { useAddVoucherCode } from '../../../features/vouchers/queries';
import { VOUCHER_ERROR_TEXT } from '../../../features/vouchers/ui/voucher-errors';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { Button, FormAlert, Page, TextField, toast, useForm } from '../../../ui';
import { accountPage } from '../../-account-page';

export const Route = createFileRoute('/profile/vouchers/add')({
  beforeLoad: accountPage,
  component: AddVoucher,
});

/** Add a custom voucher code (§2.4; §8: already redeemed, could not be verified, expired). */
function AddVoucher() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const add = useAddVoucherCode();
  const form = useForm({
    initial: { code: '' },
    labels: { code: msg`Voucher code` },
    validate: { code: validateVoucherCode },
    alertFor: (error) => (error instanceof ApiError && VOUCHER_ERROR_TEXT[error.code]) || errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const voucher = await add.mutateAsync(code.trim());
    toast.show({ text: i18n._(msg`${voucher.name} was added to your vouchers`), tone: 'success' });
    await navigate({ to: '/profile/vouchers' });
  });
  return (
    <Page title={<Trans>Add a voucher code</Trans>}>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <TextField
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={<Trans>The code from your voucher, e.g. WELCOME10</Trans>}
          {...form.field('code')}
        />
      </form>
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Add voucher</Trans>
        </Button>
      </Page.Actions>
    </Page>
  );
}
