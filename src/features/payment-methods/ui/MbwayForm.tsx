import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Button, FormAlert, Page, TextField, useForm } from '../../../ui';
import { validateMbwayPhone } from '../model/validation';
import { openMbwayPage } from '../queries';

/**
 * MB WAY (shell-and-account.md §2.1 add/mbway, /payment-method/mbway): the phone number, then the MB WAY app on that
 * phone approves the mandate (the sandbox provider's phone page) and sends the driver back to returnPath.
 */
export function MbwayForm({ returnPath }: { returnPath?: string }) {
  const { i18n } = useLingui();
  const formId = useId();
  const form = useForm({
    initial: { phoneNumber: '' },
    labels: { phoneNumber: msg`Phone number` },
    validate: { phoneNumber: validateMbwayPhone },
  });
  const onSubmit = form.handleSubmit(async ({ phoneNumber }) => {
    const page = await openMbwayPage(phoneNumber, returnPath);
    window.location.assign(page.url);
  });
  return (
    <Page
      title={<Trans>Add MB WAY</Trans>}
      description={
        <Trans>Enter the mobile number of your MB WAY account. You then approve Forecourt Pay in the MB WAY app.</Trans>
      }
      actions={
        <Button type="submit" form={formId} size="lg" fullWidth loading={form.pending}>
          <Trans>Continue in MB WAY</Trans>
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <FormAlert>{form.alert}</FormAlert>
        <TextField
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+351 912 345 678"
          hint={i18n._(msg`A Portuguese mobile number, e.g. 912 345 678`)}
          {...form.field('phoneNumber')}
        />
      </form>
    </Page>
  );
}
