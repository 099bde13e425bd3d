import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { usePayOrder } from '../../../../features/checkout/queries';
import { parkingOf, preAuthorizationFor } from '../../../../features/ev/model/ev';
import { useAccountFeatures } from '../../../../features/ev/queries';
import { useCostLimit } from '../../../../features/ev/ui/CostLimit';
import { orderGroup } from '../../../../features/orders/model/search';
import { useSession, useUser } from '../../../../features/session/queries';
import { previewLoading } from '../../../../features/vouchers/model/preview';
import { prepayPreviewBody } from '../../../../features/vouchers/model/preview-body';
import { useDiscountPreview } from '../../../../features/vouchers/queries';
import { DiscountPreview } from '../../../../features/vouchers/ui/DiscountPreview';
import { formatMoney, formatUnitPrice } from '../../../../lib/money';
import { Money } from '../../../../ui';
import { requireEvCharging } from '../../-components/ev-guard';
import { mileageFacts } from '../../-components/mileage-fact';
import { OrderFacts } from '../../-components/OrderFacts';
import { type PayAction, PaySummary } from '../../-components/PaySummary';
import { useOdometerStep } from '../../-components/use-odometer-step';
import { StepSkeleton } from '../-components/StepSkeleton';
import { useChosenPump } from '../-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/ev/summary')({
  validateSearch: orderGroup,
  beforeLoad: requireEvCharging,
  component: EvSummary,
});

/**
 * The EV summary (pay-flows.md §2): port, price per unit, parking price and free-parking hours, discounts, and the
 * pre-authorization that is held (§9). Paying is the shared summary's (picker, PIN or biometrics, 3-D Secure, wallets);
 * the amount authorized is the pre-authorization of the port's currency.
 */
function EvSummary() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const features = useAccountFeatures();
  const { station, pump: port, item } = useChosenPump(query);
  const hold = item && features.data ? preAuthorizationFor(features.data, item.currency) : null;
  // The vouchers' discount on a charge up to the pre-authorization (none for guests, pay-flows.md §6).
  const preview = useDiscountPreview(
    isGuest || !hold
      ? null
      : prepayPreviewBody({ poiId: station?._id, pump: port, item, amount: hold.amount, currency: hold.currency }),
  );
  const pay = usePayOrder();
  const costLimit = useCostLimit(hold);
  const odometer = useOdometerStep({
    pid: query.pid,
    productId: query.productId,
    isGuest,
    next: 'ev',
    station,
    path: Route.fullPath,
  });

  if (!station || odometer.loading) return <StepSkeleton rows={2} />;
  // "The summary requires a selected pump, else go to /pay."
  if (!port || !item) return <Navigate to="/pay" search={true} replace />;
  // The odometer screen comes before payment when the account asks for it (pay-flows.md §2, §4 EV flow).
  if (odometer.needed) return <Navigate to="/pay/odometer" search={(prev) => ({ ...prev, next: 'ev' })} replace />;
  const parking = parkingOf(item);
  const answer = odometer.answer;

  const action: PayAction = {
    isPending: pay.isPending,
    error: pay.error,
    mutate: (means, callbacks) => {
      if (!hold) return;
      pay.mutate(
        {
          flow: {
            kind: 'ev',
            selection: {
              pid: station._id,
              productId: port._id,
              fuelTypeId: item.itemCode,
              amount: hold.amount,
              currency: hold.currency,
              precision: hold.precision,
            },
            ...odometer.order(user.data?.thingId ?? null),
            partner: query.partner,
          },
          means,
        },
        {
          onSuccess: (order) => {
            odometer.done(order._id);
            costLimit.applyTo(order._id);
            callbacks.onSuccess(order);
          },
          onError: (error) => {
            if (!odometer.handleRejection(error)) callbacks.onError(error);
          },
        },
      );
    },
  };

  const unitPrice = formatUnitPrice(
    { amount: item.price, currency: item.currency, precision: item.precision },
    i18n.locale,
  );
  return (
    <PaySummary
      station={station}
      fuelCardOrder={odometer.fuelCardOrder(user.data?.thingId ?? null)}
      total={hold}
      action={action}
      payLabel={hold ? i18n._(msg`Reserve ${formatMoney(hold, i18n.locale)} and start`) : undefined}
      voucherPreview={
        <>
          {costLimit.field}
          <DiscountPreview state={preview} totalLabel={<Trans>You pay at most</Trans>} />
        </>
      }
      voucherPreviewLoading={previewLoading(preview)}
      failureType="generic"
      returnTo={{
        // The order id is added once the order exists (payOrder).
        success: router.buildLocation({
          to: '/pay/prepay/ev/charging',
          search: (prev) => ({ ...prev, orderType: 'PREPAY' }),
        }).href,
        error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
      }}
      onPaid={(order) =>
        void navigate({
          to: '/pay/prepay/ev/charging',
          search: (prev) => ({ ...prev, orderId: order._id, orderType: 'PREPAY' }),
        })
      }
      facts={
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
            ...mileageFacts(answer, i18n),
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
      }
    />
  );
}
