// What the pay summary says besides its lines (pay-flows.md §4, §5, §6): a guest's way to pay, a missing PIN, and the
// refusals the driver answers on the summary itself. Each reads the checkout hook (use-checkout.ts).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MBWAY_LIMIT_WITHOUT_PIN } from '../../../../contract/plain/payment-methods';
import { formatMoney } from '../../../lib/money';
import { Button, buttonClass, Notice } from '../../../ui';
import type { Checkout } from '../use-checkout';

/** §6: a guest pays with a wallet where the station allows it, else logs in or registers. */
export function GuestNotice({ allowed }: { allowed: boolean }) {
  return (
    <Notice
      tone="info"
      live="none"
      title={
        allowed ? (
          <Trans>Pay as a guest with your wallet: it gives the station your email and billing address.</Trans>
        ) : (
          <Trans>Log in or register to pay with a saved card.</Trans>
        )
      }
      action={
        <div className="pay-inline-actions">
          <Link to="/login" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <Trans>Log in</Trans>
          </Link>
          <Link to="/register" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            <Trans>Register</Trans>
          </Link>
        </div>
      }
    />
  );
}

export function PinMissingNotice() {
  return (
    <Notice
      tone="info"
      live="none"
      title={<Trans>Set up a payment PIN to pay with this card.</Trans>}
      action={
        <Link to="/profile/payments/pin" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Trans>Set up PIN</Trans>
        </Link>
      }
    />
  );
}

/** The station or the device refusing the chosen method, an abandoned 3-D Secure check, the refusals answered here. */
export function SummaryNotices({ checkout: c }: { checkout: Checkout }) {
  const { i18n } = useLingui();
  const refusal = c.refusal;
  const method = c.methods.method;
  const limitWithoutPin = method?.method === 'MBWAY' ? method.details.limitWithoutPin : undefined;
  const mbwayLimit = formatMoney(
    limitWithoutPin ?? { amount: MBWAY_LIMIT_WITHOUT_PIN, currency: 'EUR', precision: 2 },
    i18n.locale,
  );
  return (
    <>
      {/* After a method_not_accepted refusal its own notice (nothing charged) says it; the station loads again. */}
      {!c.isGuest && c.outcome?.kind === 'poiRejectedPM' && refusal?.kind !== 'methodNotAccepted' ? (
        <Notice tone="warning" live="none">
          <Trans>This station does not take this payment method. Choose another one.</Trans>
        </Notice>
      ) : !c.isGuest && c.outcome?.kind === 'deviceRejectedPM' ? (
        <Notice tone="warning" live="none">
          <Trans>This payment method cannot be used on this device. Choose another one.</Trans>
        </Notice>
      ) : null}
      {c.abandoned ? (
        <Notice
          tone="warning"
          title={<Trans>Your bank's security check was not finished.</Trans>}
          action={
            <Button variant="secondary" size="sm" onClick={() => c.abandoned && c.continueCheck(c.abandoned)}>
              <Trans>Continue the check</Trans>
            </Button>
          }
        >
          <Trans>Nothing was charged. Pay again to start a new check, or choose another payment method.</Trans>
        </Notice>
      ) : null}
      {refusal?.kind === 'mbwayLimit' ? (
        <Notice tone="warning" title={<Trans>MB WAY cannot pay this amount here</Trans>}>
          {i18n._(
            msg`Above ${mbwayLimit}, MB WAY needs approval on your phone, which this payment cannot wait for. Choose another payment method.`,
          )}
        </Notice>
      ) : refusal?.kind === 'mbwayExpired' ? (
        <Notice tone="warning" title={<Trans>Your MB WAY authorization has expired</Trans>}>
          <Trans>Renew it in your payment methods, or choose another payment method.</Trans>
        </Notice>
      ) : refusal?.kind === 'methodNotAccepted' ? (
        <Notice tone="warning" title={<Trans>This station no longer takes this payment method</Trans>}>
          <Trans>Nothing was charged. Choose another payment method and pay again.</Trans>
        </Notice>
      ) : refusal?.kind === 'validation' ? (
        <Notice tone="warning">
          <Trans>Please confirm this payment with your PIN again.</Trans>
        </Notice>
      ) : null}
    </>
  );
}
