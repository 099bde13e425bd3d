import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import type { OrderState } from '../../../../../contract/plain/orders';
import { interactionStart } from '../../../../features/checkout/model/pay-means';
import { usePayOrder } from '../../../../features/checkout/queries';
import { LoyaltyCardSlot } from '../../../../features/loyalty/ui/LoyaltyCardSlot';
import { orderGroup } from '../../../../features/orders/model/search';
import { hasReached } from '../../../../features/orders/model/waits';
import { orderQuery } from '../../../../features/orders/queries';
import { keepTicketsOf } from '../../../../features/wash/queries';
import { Money } from '../../../../ui';
import '../../../../features/wash/ui/wash.css';
import { useSession } from '../../../../features/session/queries';
import { previewLoading } from '../../../../features/vouchers/model/preview';
import { orderPreviewBody } from '../../../../features/vouchers/model/preview-body';
import { useDiscountPreview } from '../../../../features/vouchers/queries';
import { DiscountPreview } from '../../../../features/vouchers/ui/DiscountPreview';
import { OrderFacts } from '../../-components/OrderFacts';
import { type PayAction, PaySummary } from '../../-components/PaySummary';
import { useStation } from '../../-components/use-station';
import { StepSkeleton } from '../../prepay/-components/StepSkeleton';

export const Route = createFileRoute('/pay/postpay/wash/summary')({
  validateSearch: orderGroup,
  component: WashSummary,
});

const FAILED_STATES: readonly OrderState[] = ['FAILED', 'REJECTED', 'CANCELLED', 'PROBLEM'];

function WashSummary() {
  const query = Route.useSearch();
  if (!query.orderId) return <Navigate to="/pay/postpay/wash" search={true} replace />;
  return <Summary key={query.orderId} orderId={query.orderId} />;
}

/** The wash summary (pay-flows.md §2): package, discounts, total; paying leads to the wash finish with the codes. */
function Summary({ orderId }: { orderId: string }) {
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const { station } = useStation(query.pid ?? '', query);
  const order = useQuery(orderQuery(orderId)).data;
  // The vouchers' discount on this order, as the capture will apply it (none for guests, pay-flows.md §6).
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const preview = useDiscountPreview(isGuest || order?.state !== 'PAYMENT_PENDING' ? null : orderPreviewBody(order));
  const pay = usePayOrder();

  if (!order) return <StepSkeleton rows={2} />;
  // Already paid (a reload, the back button): the codes are on the finish page.
  if (hasReached(order, 'PAYMENT_AUTHORIZED') && !FAILED_STATES.includes(order.state)) {
    return <Navigate to="/pay/wash/finish" search={true} replace />;
  }
  if (order.state !== 'PAYMENT_PENDING') return <Navigate to="/error" search={{ type: 'payment' }} replace />;

  const product = order.products[0];
  const lines = product?.attributes?.paymentAttributes?.descriptionLines ?? [];
  const totalPrice = order.totalAfterDiscounts;
  const action: PayAction = {
    isPending: pay.isPending,
    error: pay.error,
    mutate: (means, callbacks) =>
      pay.mutate(
        { flow: { kind: 'wash', order }, means },
        {
          // The codes go on the device at once (the finish page keeps them too, as the order arrives there).
          onSuccess: (paid) =>
            void keepTicketsOf(paid)
              .catch(() => undefined)
              .then(() => callbacks.onSuccess(paid)),
          onError: callbacks.onError,
        },
      ),
  };

  return (
    <PaySummary
      station={station}
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
        success: router.buildLocation({ to: '/pay/wash/finish', search: { ...query, orderId } }).href,
        error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
      }}
      pendingInteraction={interactionStart(order)}
      onPaid={(paid) => void navigate({ to: '/pay/wash/finish', search: (prev) => ({ ...prev, orderId: paid._id }) })}
      facts={
        <OrderFacts
          rows={[
            {
              label: <Trans>Car wash</Trans>,
              value: (
                <>
                  {product?.fuelType?.name ?? product?.name}
                  {lines.length > 0 ? (
                    <span className="wash-package-lines">
                      {lines.map((line) => (
                        <span key={line} className="wash-package-line">
                          {line}
                        </span>
                      ))}
                    </span>
                  ) : null}
                </>
              ),
            },
            ...(product ? [{ label: <Trans>Wash bay</Trans>, value: product.name }] : []),
            ...order.vouchers.map((v) => ({
              label: v.name,
              value: v.paymentAttributes ? <Money value={v.paymentAttributes.totalPrice} negative /> : null,
            })),
          ]}
          total={
            totalPrice ? { label: <Trans>Total</Trans>, value: <Money value={totalPrice} size="lg" /> } : undefined
          }
          note={<Trans>You get a code for the car wash. It is saved on this phone and works without signal.</Trans>}
        />
      }
    />
  );
}
