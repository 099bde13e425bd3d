import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { needsValidation } from '../../../../features/checkout/model/validation-step';
import { usePayPrepay } from '../../../../features/checkout/queries';
import { PaymentMethodPicker } from '../../../../features/checkout/ui/PaymentMethodPicker';
import { PinSheet } from '../../../../features/checkout/ui/PinSheet';
import { parkingOf, preAuthorizationFor } from '../../../../features/ev/model/ev';
import { useAccountFeatures } from '../../../../features/ev/queries';
import { orderGroup } from '../../../../features/orders/model/search';
import { pinStatusQuery, usePaymentMethods } from '../../../../features/payment-methods/queries';
import { useSession, useUser } from '../../../../features/session/queries';
import { errorText } from '../../../../i18n/messages';
import { ApiError } from '../../../../lib/http/errors';
import { formatMoney, formatUnitPrice } from '../../../../lib/money';
import { useOnline } from '../../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Money, Notice, Page, Section, SkeletonList } from '../../../../ui';
import { requireEvCharging } from '../../-components/ev-guard';
import { OrderFacts } from '../../-components/OrderFacts';
import { StepSkeleton } from '../-components/StepSkeleton';
import { useChosenPump } from '../-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/ev/summary')({
  validateSearch: orderGroup,
  beforeLoad: requireEvCharging,
  component: EvSummary,
});

/**
 * The EV summary (pay-flows.md §2): port, price per unit, parking price and free-parking hours, discounts, and the
 * pre-authorization that is held (§9). Paying is the prepay summary's: create and authorize with the attempt's keys.
 */
function EvSummary() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const features = useAccountFeatures();
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const { station, pump: port, item } = useChosenPump(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const pay = usePayPrepay();
  const [pinOpen, setPinOpen] = useState(false);
  const pinStatus = useQuery({ ...pinStatusQuery(), enabled: !isGuest });
  const alert = pay.error instanceof ApiError && pay.error.status === 0 ? errorText(i18n, pay.error) : null;

  if (!station) return <StepSkeleton rows={2} />;
  // "The summary requires a selected pump, else go to /pay."
  if (!port || !item) return <Navigate to="/pay" search={true} replace />;
  const hold = features.data ? preAuthorizationFor(features.data, item.currency) : null;
  const parking = parkingOf(item);
  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  const validation = !!method && needsValidation(method.method);
  const pinMissing = validation && pinStatus.data?.result === false;
  const canPay =
    !isGuest && !!method && !!hold && online && !pay.isPending && !(validation && (pinStatus.isPending || pinMissing));

  /** paymentProof: the PIN's proof, which the server asks for on card flows (pay-flows.md §4 validation step). */
  function payNow(paymentProof?: string) {
    if (!method || !hold) return;
    pay.mutate(
      {
        pid: station!._id,
        productId: port!._id,
        fuelTypeId: item!.itemCode,
        amount: hold.amount,
        currency: hold.currency,
        precision: hold.precision,
        paymentMethodId: method.id,
        ...(paymentProof ? { paymentProof } : {}),
        thingId: user.data?.thingId ?? null,
        partner: query.partner,
        returnTo: {
          success: router.buildLocation({ to: '/pay/prepay/ev/charging', search: (prev) => prev }).href,
          error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
        },
      },
      {
        onSuccess: (order) => {
          if (['FAILED', 'REJECTED', 'PROBLEM', 'CANCELLED'].includes(order.state)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          void navigate({
            to: '/pay/prepay/ev/charging',
            search: (prev) => ({ ...prev, orderId: order._id, orderType: 'PREPAY' }),
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 0)) void navigate({ to: '/error', search: {} });
        },
      },
    );
  }

  const unitPrice = formatUnitPrice(
    { amount: item.price, currency: item.currency, precision: item.precision },
    i18n.locale,
  );
  return (
    <Page
      eyebrow={station.brand}
      title={<Trans>Summary</Trans>}
      actions={
        <Button
          size="lg"
          disabled={!canPay}
          loading={pay.isPending}
          onClick={() => (validation ? setPinOpen(true) : payNow())}
        >
          {hold ? i18n._(msg`Reserve ${formatMoney(hold, i18n.locale)} and start`) : <Trans>Start charging</Trans>}
        </Button>
      }
    >
      <OrderFacts
        rows={[
          { label: <Trans>Charger</Trans>, value: `${port.name} · ${item.marketingName}` },
          { label: <Trans>Price per kWh</Trans>, value: unitPrice },
          ...(parking.price
            ? [
                {
                  label: <Trans>Parking</Trans>,
                  value: parking.window
                    ? i18n._(
                        msg`${formatUnitPrice(parking.price, i18n.locale)} per min (${parking.window.start}–${parking.window.end})`,
                      )
                    : i18n._(msg`${formatUnitPrice(parking.price, i18n.locale)} per min`),
                },
              ]
            : []),
          ...(parking.freeHours !== null
            ? [{ label: <Trans>Free parking</Trans>, value: i18n._(msg`${parking.freeHours} h`) }]
            : []),
        ]}
        total={{
          label: <Trans>Pre-authorization</Trans>,
          value: hold ? <Money value={hold} size="lg" /> : <Trans>Not available</Trans>,
        }}
        note={
          <Trans>
            This amount is reserved on your card. You pay only for the energy and time you use; the rest is released.
          </Trans>
        }
      />
      {/* Discounts: the voucher preview fills this slot once the discount engine offers EV discounts. */}
      {isGuest ? (
        <Notice
          tone="info"
          live="none"
          title={<Trans>Log in or register to pay with a saved card.</Trans>}
          action={
            <Link to="/login" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Trans>Log in</Trans>
            </Link>
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
      <PinSheet
        open={pinOpen}
        onClose={() => setPinOpen(false)}
        onValidated={(proof) => {
          setPinOpen(false);
          payNow(proof);
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
