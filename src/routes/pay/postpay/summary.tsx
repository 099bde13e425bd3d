import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { interactionStart } from '../../../features/checkout/model/pay-means';
import { usePayOrder } from '../../../features/checkout/queries';
import { LoyaltyCardSlot } from '../../../features/loyalty/ui/LoyaltyCardSlot';
import { carOdometerMOf, type OdometerAnswer } from '../../../features/odometer/model/odometer';
import { bindOdometerToOrder, orderOdometer } from '../../../features/odometer/store';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { updateOrderNow } from '../../../features/orders/postpay';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { useSession } from '../../../features/session/queries';
import { previewLoading } from '../../../features/vouchers/model/preview';
import { orderPreviewBody } from '../../../features/vouchers/model/preview-body';
import { useDiscountPreview } from '../../../features/vouchers/queries';
import { DiscountPreview } from '../../../features/vouchers/ui/DiscountPreview';
import { formatQuantity } from '../../../lib/money';
import { Money } from '../../../ui';
import { OrderFacts } from '../-components/OrderFacts';
import { type FuelCardOrder, type PayAction, PaySummary } from '../-components/PaySummary';
import { useFlowExit } from '../-components/use-flow-exit';
import { useStation } from '../-components/use-station';
import { StepSkeleton } from '../prepay/-components/StepSkeleton';

export const Route = createFileRoute('/pay/postpay/summary')({
  validateSearch: orderGroup,
  component: PostpaySummary,
});

function PostpaySummary() {
  const query = Route.useSearch();
  if (!query.orderId) return <Navigate to="/pay" search={true} replace />;
  return <Summary key={query.orderId} orderId={query.orderId} />;
}

/**
 * The postpay summary (pay-flows.md §2, §4 Postpay flow): order lines, total, pay. The order-wait plan watches the
 * order meanwhile: expired → the expired-order error, paid → the receipt.
 */
function Summary({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const { station } = useStation(query.pid ?? '', query);
  const order = useOrderSnapshot(orderId).data;
  const { state } = useOrderWait(orderId, PLANS.postpaySummary);
  useFlowExit(state, orderId);
  // The vouchers' discount on this order, as the capture will apply it (none for guests, pay-flows.md §6).
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const preview = useDiscountPreview(isGuest || order?.state !== 'PAYMENT_PENDING' ? null : orderPreviewBody(order));
  const pay = usePayOrder();
  // What the sheet of a fuel card chosen here added to the order (the reading the order was created with is kept by
  // order, features/odometer/store).
  const [supplied, setSupplied] = useState<OdometerAnswer | null>(null);

  if (order?.state !== 'PAYMENT_PENDING') return <StepSkeleton rows={2} />;
  const product = order.products[0];
  const attrs = product?.attributes?.paymentAttributes;
  const totalPrice = order.totalAfterDiscounts;
  const action: PayAction = {
    isPending: pay.isPending,
    error: pay.error,
    mutate: (means, callbacks) => pay.mutate({ flow: { kind: 'postpay', order }, means }, callbacks),
  };
  const search = { ...query, orderId, orderType: 'POSTPAY' as const };
  const carried = supplied ?? orderOdometer(orderId);
  const fuelCardOrder: FuelCardOrder = {
    thingId: carried?.thingId ?? order.thingId,
    hasMileage: carried?.kind === 'reading',
    // The order exists already: its vehicle and reading go to it (PATCH update-order) before the authorize, and the
    // answer is kept by order for the receipt's cost record.
    answer: carried,
    supply: async (whole) => {
      // The reading when the order had none, the vehicle when the VIN went on another (or a new) one.
      const metres = carried?.kind === 'reading' ? undefined : carOdometerMOf(whole);
      const thingExternalId = whole.thingId && whole.thingId !== order.thingId ? whole.thingId : undefined;
      if (metres !== undefined || thingExternalId) {
        await updateOrderNow(orderId, {
          ...(thingExternalId ? { thingExternalId } : {}),
          ...(metres !== undefined ? { carOdometerM: metres } : {}),
        });
      }
      bindOdometerToOrder(orderId, whole);
      setSupplied(whole);
    },
  };

  return (
    <PaySummary
      station={station}
      fuelCardOrder={fuelCardOrder}
      total={totalPrice}
      action={action}
      voucherPreview={
        <>
          <DiscountPreview state={preview} totalLabel={<Trans>You pay</Trans>} />
          <LoyaltyCardSlot userId={record?.userId ?? null} />
        </>
      }
      voucherPreviewLoading={previewLoading(preview)}
      returnTo={{
        success: router.buildLocation({ to: '/pay/finish', search }).href,
        error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
      }}
      pendingInteraction={interactionStart(order)}
      onPaid={(paid) =>
        void navigate({
          to: '/pay/finish',
          search: (prev) => ({ ...prev, orderId: paid._id, orderType: 'POSTPAY' }),
        })
      }
      facts={
        <OrderFacts
          rows={[
            ...(product?.fuelType ? [{ label: <Trans>Fuel</Trans>, value: product.fuelType.name }] : []),
            ...(product ? [{ label: <Trans>Pump</Trans>, value: product.name }] : []),
            ...(attrs?.quantity !== undefined
              ? [{ label: <Trans>Quantity</Trans>, value: `${formatQuantity(attrs.quantity, i18n.locale)} l` }]
              : []),
            ...(attrs?.unitPrice
              ? [
                  {
                    label: <Trans>Price per unit</Trans>,
                    value: <Money value={attrs.unitPrice} variant="unit" per="l" />,
                  },
                ]
              : []),
            ...order.vouchers.map((v) => ({
              label: v.name,
              value: v.paymentAttributes ? <Money value={v.paymentAttributes.totalPrice} negative /> : null,
            })),
          ]}
          total={
            totalPrice ? { label: <Trans>Total</Trans>, value: <Money value={totalPrice} size="lg" /> } : undefined
          }
        />
      }
    />
  );
}
