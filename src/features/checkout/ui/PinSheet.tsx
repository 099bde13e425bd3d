import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { fieldErrorText } from '../../../i18n/messages';
import type { FieldError } from '../../../lib/validation';
import { validatePin } from '../../../lib/validation';
import { BottomSheet, Button, buttonClass, FormAlert, Notice, PasswordField } from '../../../ui';
import { pinRefusal } from '../../payment-methods/model/pin-errors';
import { useValidatePin } from '../../payment-methods/queries';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The PIN was right: its proof goes with the authorization (the server asks for it). */
  onValidated: (paymentProof: string | undefined) => void;
};

/**
 * The validation step before a card payment (pay-flows.md §2 "PIN entry": 4 digits, numbers only; §5 "A 403 means
 * wrong PIN; any other failure shows a generic failure message"). Three wrong in a row lock it: the sheet then points
 * to the PIN screen, where the account password unlocks it.
 */
export function PinSheet({ open, onClose, onValidated }: Props) {
  const { i18n } = useLingui();
  const formId = useId();
  const [pin, setPin] = useState('');
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const validate = useValidatePin();
  const refusal = validate.error ? pinRefusal(validate.error) : null;
  const label = i18n._(msg`Payment PIN`);
  const left = refusal?.kind === 'wrong' ? (refusal.triesLeft ?? 0) : 0;

  function close() {
    setPin('');
    setFieldError(null);
    validate.reset();
    onClose();
  }
  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const error = validatePin(pin);
    setFieldError(error);
    if (error) return;
    validate.mutate(
      { pin },
      {
        onSuccess: (answer) => {
          setPin('');
          validate.reset();
          onValidated(answer.paymentProof);
        },
        onError: () => setPin(''),
      },
    );
  }

  return (
    <BottomSheet
      open={open}
      onClose={close}
      title={<Trans>Enter your payment PIN</Trans>}
      description={<Trans>Your PIN confirms this payment.</Trans>}
    >
      {refusal?.kind === 'locked' ? (
        <Notice
          tone="warning"
          title={<Trans>Your PIN is locked</Trans>}
          action={
            <Link to="/profile/payments/pin" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Trans>Unlock PIN</Trans>
            </Link>
          }
        >
          <Trans>The PIN was entered wrongly three times. Unlock it with your account password.</Trans>
        </Notice>
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit} className="pin-sheet">
          <FormAlert>
            {refusal?.kind === 'wrong'
              ? refusal.triesLeft === 1
                ? i18n._(msg`Wrong PIN. 1 try left.`)
                : refusal.triesLeft !== null
                  ? i18n._(msg`Wrong PIN. ${left} tries left.`)
                  : i18n._(msg`Wrong PIN.`)
              : refusal?.kind === 'failed'
                ? i18n._(msg`PIN verification failed. Please try again.`)
                : null}
          </FormAlert>
          <PasswordField
            label={label}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pin}
            onChange={(event) => {
              setPin(event.target.value);
              if (fieldError) setFieldError(validatePin(event.target.value));
            }}
            error={fieldError ? fieldErrorText(i18n, fieldError, label) : undefined}
          />
          <Button type="submit" size="lg" fullWidth loading={validate.isPending}>
            <Trans>Confirm and pay</Trans>
          </Button>
        </form>
      )}
    </BottomSheet>
  );
}
