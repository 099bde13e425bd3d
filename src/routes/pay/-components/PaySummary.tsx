// The one pay summary of the prepay, postpay and wash flows (pay-flows.md §2 summary, §4 Checkout state machine,
// §5 pay button): the order lines (the page's), the checkout model, the method picker, the PIN step before card
// flows, and the 3-D Secure round trip. A page gives what it sells, its total and how it pays (PayAction).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import type { Order } from '../../../contract/orders';
import type { Poi } from '../../../contract/stations';
import { type DeviceWallets, payButtonBlock, userOutcome } from '../../../features/checkout/model/checkout';
import { interactionStart, type PayMeans, paymentFailed } from '../../../features/checkout/model/pay-means';
import { needsValidation } from '../../../features/checkout/model/validation-step';
import { PaymentMethodPicker } from '../../../features/checkout/ui/PaymentMethodPicker';
import { PinSheet } from '../../../features/checkout/ui/PinSheet';
import { pinStatusQuery, usePaymentMethods } from '../../../features/payment-methods/queries';
import { useSession, useUser } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Notice, Page, Section, SkeletonList } from '../../../ui';

/** How a page pays: its mutation, fed the means (a saved method, a wallet token) by the summary. */
export type PayAction = {
  mutate: (
    means: PayMeans,
    callbacks: { onSuccess: (order: Order) => void; onError: (error: ApiError) => void },
  ) => void;
  isPending: boolean;
  error: ApiError | null;
};

export type PaySummaryProps = {
  station: Poi | undefined;
  /** What is bought: the page's order lines (OrderFacts). */
  facts: ReactNode;
  /** The amount to pay (after discounts). */
  total: { amount: number; currency: string; precision: number } | null;
  /**
   * The voucher discount preview (features/vouchers, not shown to guests): drawn between the order lines and the
   * payment method. While it loads the pay button waits (§5 "while the voucher preview is loading").
   */
  voucherPreview?: ReactNode;
  voucherPreviewLoading?: boolean;
  action: PayAction;
  /** Where the issuer's 3-D Secure page sends the driver back: this flow's next page and the payment error page. */
  returnTo: { success: string; error: string };
  /** The authorization went through (not waiting for the driver, not failed): on to the next page. */
  onPaid: (order: Order) => void;
  /** Where a failed call (not a lost answer) goes: the payment error page, or the generic one (order creation). */
  failureType?: 'payment' | 'generic';
  /** The order already waits for the driver on the issuer's page (§4 postpay summary rule): go there. */
  pendingInteraction?: string | null;
};

// The device wallets come with the wallet adapters; until a page feeds them, none is offered.
const NO_WALLETS: DeviceWallets = { googlePay: false, applePay: false };

const absolute = (href: string) => new URL(href, window.location.origin).toString();

export function PaySummary(props: PaySummaryProps) {
  const { station, action } = props;
  const price = props.total;
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const pinStatus = useQuery({ ...pinStatusQuery(), enabled: !isGuest });
  const [chosen, setChosen] = useState<string | null>(null);
  const [pinOpen, setPinOpen] = useState(false);
  // No answer: nothing is lost — the same attempt (same keys) is replayed when the driver presses pay again.
  const alert = action.error instanceof ApiError && action.error.status === 0 ? errorText(i18n, action.error) : null;

  const pendingInteraction = props.pendingInteraction ?? null;
  useEffect(() => {
    if (pendingInteraction) window.location.assign(pendingInteraction);
  }, [pendingInteraction]);

  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  // The validation step (PIN) before card flows other than GOOGLE_PAY, MBWAY, DIRECT_CREDIT, APPLE_PAY (§4).
  const validation = !!method && needsValidation(method.method);
  const pinMissing = validation && pinStatus.data?.result === false;
  const checkoutStation = station
    ? { guestCheckout: station.features.guestCheckout, supportedPaymentMeans: station.supportedPaymentMeans }
    : null;
  const outcome =
    isGuest || methods.isPending || !checkoutStation ? null : userOutcome(checkoutStation, list, method, NO_WALLETS);
  const block = payButtonBlock({
    outcome,
    method,
    station: checkoutStation,
    twoFactorMethod: user.data?.twoFactorMethod ?? 'none',
    voucherPreviewLoading: props.voucherPreviewLoading ?? false,
  });
  const busy = action.isPending || !!pendingInteraction;
  const canPay =
    !isGuest &&
    !!method &&
    !!price &&
    online &&
    !busy &&
    block === null &&
    !(validation && (pinStatus.isPending || pinMissing));
  // The catalog's message is "Pay {total}": the placeholder keeps that name.
  const total = price ? formatMoney(price, i18n.locale) : '';

  function authorize(means: PayMeans) {
    action.mutate(
      {
        ...means,
        userInteraction: { urls: { success: absolute(props.returnTo.success), error: absolute(props.returnTo.error) } },
      },
      {
        onSuccess: (order) => {
          // 3-D Secure: the card issuer's page first; it sends the driver back to this flow or the error page.
          const start = interactionStart(order);
          if (start) {
            window.location.assign(start);
            return;
          }
          if (paymentFailed(order)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          props.onPaid(order);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) return;
          void navigate({ to: '/error', search: props.failureType === 'generic' ? {} : { type: 'payment' } });
        },
      },
    );
  }

  function onPay() {
    if (!method) return;
    if (validation) setPinOpen(true);
    else authorize({ paymentMethodId: method.id });
  }

  return (
    <Page
      eyebrow={station?.brand}
      title={<Trans>Summary</Trans>}
      actions={
        <Button size="lg" disabled={!canPay} loading={busy} onClick={onPay}>
          {i18n._(msg`Pay ${total}`)}
        </Button>
      }
    >
      {props.facts}
      {isGuest ? null : props.voucherPreview}
      {isGuest ? (
        <Notice
          tone="info"
          live="none"
          title={<Trans>Log in or register to pay with a saved card.</Trans>}
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
      ) : (
        <Section title={<Trans>Payment method</Trans>}>
          {methods.isPending ? (
            <Loading label={i18n._(msg`Loading your payment methods…`)}>
              <SkeletonList rows={1} />
            </Loading>
          ) : list.length === 0 ? (
            <Notice tone="warning" live="none">
              <Trans>You have no saved payment method.</Trans>
            </Notice>
          ) : (
            <PaymentMethodPicker methods={list} value={method?.id ?? null} onChange={setChosen} />
          )}
        </Section>
      )}
      {outcome?.kind === 'poiRejectedPM' ? (
        <Notice tone="warning" live="none">
          <Trans>This station does not take this payment method. Choose another one.</Trans>
        </Notice>
      ) : outcome?.kind === 'deviceRejectedPM' ? (
        <Notice tone="warning" live="none">
          <Trans>This payment method cannot be used on this device. Choose another one.</Trans>
        </Notice>
      ) : null}
      {pinMissing ? (
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
      ) : null}
      <PinSheet
        open={pinOpen}
        onClose={() => setPinOpen(false)}
        onValidated={() => {
          setPinOpen(false);
          if (method) authorize({ paymentMethodId: method.id });
        }}
      />
      <FormAlert>{alert}</FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}
