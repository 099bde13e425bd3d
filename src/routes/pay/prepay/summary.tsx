import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { currencyDigits } from '../../../contract/money';
import { type DeviceWallets, payButtonBlock, userOutcome } from '../../../features/checkout/model/checkout';
import { needsValidation } from '../../../features/checkout/model/validation-step';
import { usePayPrepay } from '../../../features/checkout/queries';
import { PaymentMethodPicker } from '../../../features/checkout/ui/PaymentMethodPicker';
import { PinSheet } from '../../../features/checkout/ui/PinSheet';
import { orderGroup } from '../../../features/orders/model/search';
import { pinStatusQuery, usePaymentMethods } from '../../../features/payment-methods/queries';
import { useBiometricValidation } from '../../../features/payment-methods/webauthn';
import { useSession, useUser } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Money, Notice, Page, Section, SkeletonList } from '../../../ui';
import { OrderFacts } from '../-components/OrderFacts';
import { StepSkeleton } from './-components/StepSkeleton';
import { useChosenPump } from './-components/use-chosen-pump';

const NO_WALLETS: DeviceWallets = { googlePay: false, applePay: false };

export const Route = createFileRoute('/pay/prepay/summary')({
  validateSearch: orderGroup,
  component: PrepaySummary,
});

function PrepaySummary() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const { station, pump, item } = useChosenPump(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const pay = usePayPrepay();
  const [pinOpen, setPinOpen] = useState(false);
  const pinStatus = useQuery({ ...pinStatusQuery(), enabled: !isGuest });
  const biometrics = useBiometricValidation(isGuest ? null : (record?.userId ?? null));
  const pending = pay.isPending;
  // No answer: nothing is lost — the same attempt (same keys) is replayed when the driver presses pay again.
  const alert = pay.error instanceof ApiError && pay.error.status === 0 ? errorText(i18n, pay.error) : null;

  if (!station) return <StepSkeleton rows={2} />;
  const amount = query.amount;
  if (!pump || !item || amount === undefined || !query.currency) {
    return <Navigate to="/pay/pump" search={true} replace />;
  }
  const currency = query.currency;
  const precision =
    pump.attributes.priceAuthorizationLimitsAutomaticFlow?.recommendedPrices.find(
      (p) => p.amount === amount && p.currency === currency,
    )?.precision ?? currencyDigits(currency);
  const total = formatMoney({ amount, currency, precision }, i18n.locale);
  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  // "The pay button is disabled … when no payment method exists" (noPM) and while we cannot reach the server.
  // The validation step (PIN) before card flows other than GOOGLE_PAY, MBWAY, DIRECT_CREDIT, APPLE_PAY (§4).
  const validation = !!method && needsValidation(method.method);
  // Biometrics (WebAuthn) replace the PIN where the driver set them up (features/payment-methods/webauthn).
  const pinMissing = validation && pinStatus.data?.result === false && !biometrics.available;
  // The checkout rules (pay-flows.md §4, §5). No device wallet is offered here yet (the wallet adapters are to come).
  const checkoutStation = {
    guestCheckout: station.features.guestCheckout,
    supportedPaymentMeans: station.supportedPaymentMeans,
  };
  const outcome = isGuest || methods.isPending ? null : userOutcome(checkoutStation, list, method, NO_WALLETS);
  const block = payButtonBlock({
    outcome,
    method,
    station: checkoutStation,
    twoFactorMethod: user.data?.twoFactorMethod ?? 'none',
    voucherPreviewLoading: false,
  });
  const canPay =
    !isGuest &&
    !!method &&
    online &&
    !pending &&
    block === null &&
    !(validation && (pinStatus.isPending || pinMissing));

  function onPay() {
    if (!validation) return pay_();
    if (!biometrics.available) return setPinOpen(true);
    void biometrics.validate().then((ok) => (ok ? pay_() : setPinOpen(pinStatus.data?.result === true)));
  }

  function pay_() {
    if (!method || !record) return;
    pay.mutate(
      {
        pid: station!._id,
        productId: pump!._id,
        fuelTypeId: item!.itemCode,
        amount: amount!,
        currency: currency!,
        precision,
        paymentMethodId: method.id,
        thingId: user.data?.thingId ?? null,
        partner: query.partner,
        returnTo: {
          success: router.buildLocation({
            to: '/pay/prepay/fueling',
            search: (prev) => ({ ...prev, orderType: 'PREPAY' }),
          }).href,
          error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
        },
      },
      {
        onSuccess: (order) => {
          // 3-D Secure: the card issuer's page first; it sends the driver back to the fueling page or the error page.
          const start = order.userInteraction?.isRequired ? order.userInteraction.urls?.start : undefined;
          if (start) {
            window.location.assign(start);
            return;
          }
          if (['FAILED', 'REJECTED', 'PROBLEM', 'CANCELLED'].includes(order.state)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          void navigate({
            to: '/pay/prepay/fueling',
            search: (prev) => ({ ...prev, orderId: order._id, orderType: 'PREPAY' }),
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 0)) void navigate({ to: '/error', search: {} });
        },
      },
    );
  }

  return (
    <Page
      eyebrow={station.brand}
      title={<Trans>Summary</Trans>}
      actions={
        <Button size="lg" disabled={!canPay} loading={pending} onClick={onPay}>
          {i18n._(msg`Pay ${total}`)}
        </Button>
      }
    >
      <OrderFacts
        rows={[
          { label: <Trans>Fuel</Trans>, value: item.marketingName },
          { label: <Trans>Pump</Trans>, value: pump.name },
        ]}
        total={{
          label: <Trans>Maximum amount</Trans>,
          value: <Money value={{ amount, currency, precision }} size="lg" />,
        }}
        note={<Trans>This amount is reserved on your card. You are charged only for the fuel you take.</Trans>}
      />
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
          pay_();
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
