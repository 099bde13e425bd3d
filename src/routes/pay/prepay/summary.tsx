import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { currencyDigits } from '../../../../contract/money';
import { usePayOrder } from '../../../features/checkout/queries';
import { LoyaltyCardSlot } from '../../../features/loyalty/ui/LoyaltyCardSlot';
import { orderGroup } from '../../../features/orders/model/search';
import { useSession, useUser } from '../../../features/session/queries';
import { previewLoading } from '../../../features/vouchers/model/preview';
import { prepayPreviewBody } from '../../../features/vouchers/model/preview-body';
import { useDiscountPreview } from '../../../features/vouchers/queries';
import { DiscountPreview } from '../../../features/vouchers/ui/DiscountPreview';
import { Money } from '../../../ui';
import { mileageFacts } from '../-components/mileage-fact';
import { OrderFacts } from '../-components/OrderFacts';
import { type PayAction, PaySummary } from '../-components/PaySummary';
import { useOdometerStep } from '../-components/use-odometer-step';
import { StepSkeleton } from './-components/StepSkeleton';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/summary')({
  validateSearch: orderGroup,
  component: PrepaySummary,
});

function PrepaySummary() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const { station, pump, item } = useChosenPump(query);
  // The vouchers' discount on this fill (none for guests, pay-flows.md §6).
  const preview = useDiscountPreview(
    isGuest
      ? null
      : prepayPreviewBody({ poiId: station?._id, pump, item, amount: query.amount, currency: query.currency }),
  );
  const pay = usePayOrder();
  const odometer = useOdometerStep({
    pid: query.pid,
    productId: query.productId,
    isGuest,
    next: 'prepay',
    station,
    path: Route.fullPath,
  });

  if (!station || odometer.loading) return <StepSkeleton rows={2} />;
  const amount = query.amount;
  if (!pump || !item || amount === undefined || !query.currency) {
    return <Navigate to="/pay/pump" search={true} replace />;
  }
  if (odometer.needed) return <Navigate to="/pay/odometer" search={(prev) => ({ ...prev, next: 'prepay' })} replace />;
  const currency = query.currency;
  const precision =
    pump.attributes.priceAuthorizationLimitsAutomaticFlow?.recommendedPrices.find(
      (p) => p.amount === amount && p.currency === currency,
    )?.precision ?? currencyDigits(currency);
  const total = { amount, currency, precision };

  const action: PayAction = {
    isPending: pay.isPending,
    error: pay.error,
    mutate: (means, callbacks) =>
      pay.mutate(
        {
          flow: {
            kind: 'prepay',
            selection: {
              pid: station._id,
              productId: pump._id,
              fuelTypeId: item.itemCode,
              amount,
              currency,
              precision,
            },
            ...odometer.order(user.data?.thingId ?? null),
            partner: query.partner,
          },
          // The fueling page's orderId is set once the order exists (payOrder).
          means,
        },
        {
          onSuccess: (order) => {
            odometer.done(order._id);
            callbacks.onSuccess(order);
          },
          onError: (error) => {
            if (!odometer.handleRejection(error)) callbacks.onError(error);
          },
        },
      ),
  };

  return (
    <PaySummary
      station={station}
      fuelCardOrder={odometer.fuelCardOrder(user.data?.thingId ?? null)}
      total={total}
      action={action}
      voucherPreview={
        <>
          <DiscountPreview state={preview} totalLabel={<Trans>You pay at most</Trans>} />
          <LoyaltyCardSlot userId={record?.userId ?? null} />
        </>
      }
      voucherPreviewLoading={previewLoading(preview)}
      failureType="generic"
      phoneApproval
      returnTo={{
        success: router.buildLocation({
          to: '/pay/prepay/fueling',
          search: (prev) => ({ ...prev, orderType: 'PREPAY' }),
        }).href,
        error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
      }}
      onPaid={(order) =>
        void navigate({
          to: '/pay/prepay/fueling',
          search: (prev) => ({ ...prev, orderId: order._id, orderType: 'PREPAY' }),
        })
      }
      facts={
        <OrderFacts
          rows={[
            { label: <Trans>Fuel</Trans>, value: item.marketingName },
            { label: <Trans>Pump</Trans>, value: pump.name },
            ...mileageFacts(odometer.answer, i18n),
          ]}
          total={{
            label: <Trans>Maximum amount</Trans>,
            value: <Money value={total} size="lg" />,
          }}
          note={<Trans>This amount is reserved on your card. You are charged only for the fuel you take.</Trans>}
        />
      }
    />
  );
}
