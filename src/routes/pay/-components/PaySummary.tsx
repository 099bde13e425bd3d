// The one pay summary of the prepay, postpay, wash, EV and gift-card flows (pay-flows.md §2 summary, §4 Checkout state
// machine, §5 pay button): the page's order lines, then the checkout (features/checkout: its hook drives the pay
// machine and owns the effects; its parts draw it), the fuel card's step and the second factor composed from their
// features. A page gives what it sells, its total and how it pays (PayAction).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense } from 'react';
import { MethodSection } from '../../../features/checkout/ui/MethodSection';
import { PinSheet } from '../../../features/checkout/ui/PinSheet';
import { SandboxWalletSheet } from '../../../features/checkout/ui/SandboxWalletSheet';
import { GuestNotice, PinMissingNotice, SummaryNotices } from '../../../features/checkout/ui/SummaryNotices';
import { WalletButtons } from '../../../features/checkout/ui/WalletButtons';
import { type CheckoutOptions, useCheckout } from '../../../features/checkout/use-checkout';
import { SecondFactorSheet } from '../../../features/payment-methods/ui/SecondFactorSheet';
import { useBiometricValidation } from '../../../features/payment-methods/webauthn';
import { useSession } from '../../../features/session/queries';
import { formatMoney } from '../../../lib/money';
import { Button, FormAlert, Notice, Page } from '../../../ui';

export type { FuelCardOrder, PayAction } from '../../../features/checkout/use-checkout';

export type PaySummaryProps = Omit<CheckoutOptions, 'biometrics'> & {
  /** What is bought: the page's order lines (OrderFacts). */
  facts: ReactNode;
  /**
   * The voucher discount preview (features/vouchers, not shown to guests): drawn between the order lines and the
   * payment method. While it loads the pay button waits (§5 "while the voucher preview is loading").
   */
  voucherPreview?: ReactNode;
  /** The pay button's text when "Pay {total}" is not what happens (EV: the amount is reserved, not paid). */
  payLabel?: string | undefined;
  /** The page title when it is not "Summary" (the gift card page). */
  title?: ReactNode;
};

// A fuel card's data step loads only once a fuel card is chosen (the vehicles' queries and store are not on the
// summary's first load).
const FuelCardStep = lazy(() => import('../../../features/odometer/ui/FuelCardStep'));

export function PaySummary(props: PaySummaryProps) {
  const { i18n } = useLingui();
  const record = useSession();
  // Biometrics (WebAuthn) replace the PIN where the driver set them up; the PIN stays the fallback.
  const biometrics = useBiometricValidation(!record || record.isGuest === true ? null : (record.userId ?? null));
  const c = useCheckout({ ...props, biometrics });
  const method = c.methods.method;
  // The catalog's message is "Pay {total}": the placeholder keeps that name.
  const total = props.total ? formatMoney(props.total, i18n.locale) : '';
  const wallets = (
    <WalletButtons wallets={c.wallets} disabled={!c.canUseWallet} busy={c.walletBusy} onPay={c.payWithWallet} />
  );

  return (
    <Page
      eyebrow={props.station?.brand}
      title={props.title ?? <Trans>Summary</Trans>}
      actions={
        c.guestAllowed ? (
          wallets
        ) : (
          <Button size="lg" disabled={!c.canPay} loading={c.loading} onClick={c.onPay}>
            {props.payLabel ?? i18n._(msg`Pay ${total}`)}
          </Button>
        )
      }
    >
      {props.facts}
      {c.isGuest ? null : props.voucherPreview}
      {c.isGuest ? <GuestNotice allowed={c.guestAllowed} /> : <MethodSection methods={c.methods} />}
      {/* A fuel card: what it needs (the server's refusal of it shows here), and the sheet that asks for it. Right under
          the chosen method, above the wallet buttons: on a phone the driver sees it without scrolling. */}
      {c.fuelCard && props.fuelCardOrder && method ? (
        <Suspense fallback={null}>
          <FuelCardStep userId={c.userId} method={method} order={props.fuelCardOrder} {...c.fuelCard} />
        </Suspense>
      ) : null}
      {c.pinMissing ? <PinMissingNotice /> : null}
      {c.isGuest ? null : wallets}
      <SandboxWalletSheet />
      <SummaryNotices checkout={c} />
      <PinSheet {...c.pin} />
      <SecondFactorSheet {...c.secondFactor} />
      <FormAlert>{c.alert}</FormAlert>
      {!c.online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}
