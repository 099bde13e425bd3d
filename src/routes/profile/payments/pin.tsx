import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { pinStatusQuery, useSavePin, useUnlockPin } from '../../../features/payment-methods/queries';
import { errorText } from '../../../i18n/messages';
import { isApiError } from '../../../lib/http/errors';
import { validatePin, validatePinConfirmation, validateRequired } from '../../../lib/validation';
import { Button, FormAlert, Loading, Notice, Page, PasswordField, SkeletonList, toast, useForm } from '../../../ui';

export const Route = createFileRoute('/profile/payments/pin')({
  component: PaymentPin,
});

/** The payment PIN (shell-and-account.md §4 "Payment PIN. Create, then confirm."): set, change, or unlock it. */
function PaymentPin() {
  const { i18n } = useLingui();
  const status = useQuery(pinStatusQuery());
  if (status.isPending) {
    return (
      <Page title={<Trans>Payment PIN</Trans>}>
        <Loading label={i18n._(msg`Loading…`)}>
          <SkeletonList rows={2} />
        </Loading>
      </Page>
    );
  }
  if (status.data?.locked) return <UnlockPin />;
  return <SetPin hasPin={status.data?.result === true} />;
}

const pinInput = { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } as const;

function SetPin({ hasPin }: { hasPin: boolean }) {
  const { i18n } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const save = useSavePin();
  const form = useForm({
    initial: { password: '', pin: '', confirmation: '' },
    labels: { password: msg`Account password`, pin: msg`New PIN`, confirmation: msg`Confirm PIN` },
    validate: {
      password: (value) => (hasPin ? validateRequired(value) : null),
      pin: validatePin,
      confirmation: (value, values) => validatePinConfirmation(values.pin, value),
    },
    alertFor: (error) =>
      isApiError(error) && error.status === 403 ? msg`The account password is not correct` : errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async ({ password, pin }) => {
    await save.mutateAsync(hasPin ? { pin, password } : { pin });
    toast.show({ text: i18n._(msg`Your payment PIN was saved`), tone: 'success' });
    void navigate({ to: '/profile/payments' });
  });
  return (
    <Page
      title={hasPin ? <Trans>Change payment PIN</Trans> : <Trans>Set up a payment PIN</Trans>}
      description={<Trans>You enter these 4 digits before paying with a card that asks for it.</Trans>}
      actions={
        <Button type="submit" form={formId} size="lg" fullWidth loading={form.pending}>
          <Trans>Save PIN</Trans>
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <FormAlert>{form.alert}</FormAlert>
        {hasPin ? <PasswordField autoComplete="current-password" {...form.field('password')} /> : null}
        <PasswordField {...pinInput} {...form.field('pin')} />
        <PasswordField {...pinInput} {...form.field('confirmation')} />
      </form>
    </Page>
  );
}

function UnlockPin() {
  const { i18n } = useLingui();
  const formId = useId();
  const unlock = useUnlockPin();
  const form = useForm({
    initial: { password: '' },
    labels: { password: msg`Account password` },
    validate: { password: validateRequired },
    alertFor: (error) =>
      isApiError(error) && error.status === 403 ? msg`The account password is not correct` : errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    await unlock.mutateAsync({ password });
    toast.show({ text: i18n._(msg`Your payment PIN is unlocked`), tone: 'success' });
  });
  return (
    <Page
      title={<Trans>Payment PIN locked</Trans>}
      actions={
        <Button type="submit" form={formId} size="lg" fullWidth loading={form.pending}>
          <Trans>Unlock PIN</Trans>
        </Button>
      }
    >
      <Notice tone="warning" live="none">
        <Trans>Your PIN was entered wrongly three times. Enter your account password to unlock it.</Trans>
      </Notice>
      <form id={formId} noValidate onSubmit={onSubmit}>
        <FormAlert>{form.alert}</FormAlert>
        <PasswordField autoComplete="current-password" {...form.field('password')} />
      </form>
    </Page>
  );
}
