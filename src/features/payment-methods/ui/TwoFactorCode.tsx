import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { TwoFactorOptions } from '../../../../contract/payment-methods';
import { isApiError } from '../../../lib/http/errors';
import { validateRequired } from '../../../lib/validation';
import { Button, FormAlert, Notice, TextField, useForm } from '../../../ui';

type Props = {
  /** Mails a code (generate-options). */
  send: () => Promise<TwoFactorOptions>;
  /** Checks it (verify); throws the API's refusal. */
  verify: (code: string) => Promise<unknown>;
  onVerified: () => void;
  submitLabel: React.ReactNode;
  formId?: string;
};

/**
 * A payment method's second factor (shell-and-account.md §7 two-factor calls): a code is mailed when this opens, the
 * driver types it; a wrong code says how many tries are left, and a new code can be asked for.
 */
export function TwoFactorCode({ send, verify, onVerified, submitLabel, formId: given }: Props) {
  const { i18n } = useLingui();
  const ownId = useId();
  const formId = given ?? ownId;
  const [options, setOptions] = useState<TwoFactorOptions | null>(null);
  const [sendFailed, setSendFailed] = useState(false);
  const sent = useRef(false);
  const ask = () => {
    setSendFailed(false);
    send().then(setOptions, () => setSendFailed(true));
  };
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    ask();
  });
  const form = useForm({
    initial: { code: '' },
    labels: { code: msg`Code from the email` },
    validate: { code: validateRequired },
    alertFor: (error) => {
      if (!isApiError(error)) return null;
      const left = (error.details as { triesLeft?: number } | undefined)?.triesLeft;
      if (error.status === 403 && left && left > 0) return i18n._(msg`This code is not correct. Tries left: ${left}`);
      if (error.status === 403 || error.status === 409) return msg`This code can no longer be used. Ask for a new one.`;
      return null;
    },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    await verify(code.trim());
    onVerified();
  });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="two-factor-code">
      {sendFailed ? (
        <Notice tone="danger">
          <Trans>The code could not be sent. Please try again.</Trans>
        </Notice>
      ) : options ? (
        <Notice tone="info" live="status">
          <Trans>We sent a code to {options.sentTo}. It is valid for 10 minutes.</Trans>
        </Notice>
      ) : null}
      <FormAlert>{form.alert}</FormAlert>
      <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
      <Button type="submit" size="lg" fullWidth loading={form.pending}>
        {submitLabel}
      </Button>
      <Button type="button" variant="ghost" fullWidth onClick={ask}>
        <Trans>Send a new code</Trans>
      </Button>
    </form>
  );
}
