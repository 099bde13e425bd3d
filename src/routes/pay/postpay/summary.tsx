import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PaymentMethodPicker } from '../../../features/checkout/ui/PaymentMethodPicker';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { usePayPriced } from '../../../features/orders/postpay';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { usePaymentMethods } from '../../../features/payment-methods/queries';
import { useSession } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney, formatQuantity } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Money, Notice, Page, Section, SkeletonList } from '../../../ui';
import { OrderFacts } from '../-components/OrderFacts';
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
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const { station } = useStation(query.pid ?? '', query);
  const order = useOrderSnapshot(orderId).data;
  const { state } = useOrderWait(orderId, PLANS.postpaySummary);
  useFlowExit(state, orderId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [keys] = useState(() => new Map<string, string>());
  const pay = usePayPriced();
  const alert = pay.error instanceof ApiError && pay.error.status === 0 ? errorText(i18n, pay.error) : null;

  if (order?.state !== 'PAYMENT_PENDING') return <StepSkeleton rows={2} />;
  const product = order.products[0];
  const attrs = product?.attributes?.paymentAttributes;
  const totalPrice = order.totalAfterDiscounts;
  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  const canPay = !isGuest && !!method && online && !pay.isPending && !!totalPrice;
  const total = totalPrice ? formatMoney(totalPrice, i18n.locale) : '';

  function onPay() {
    if (!method || !order) return;
    const key = keys.get(method.id) ?? crypto.randomUUID();
    keys.set(method.id, key);
    pay.mutate(
      { order, paymentMethodId: method.id, idempotencyKey: key },
      {
        onSuccess: (paid) => {
          if (['FAILED', 'REJECTED', 'CANCELLED', 'PROBLEM'].includes(paid.state)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          void navigate({
            to: '/pay/finish',
            search: (prev) => ({ ...prev, orderId: paid._id, orderType: 'POSTPAY' }),
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 0))
            void navigate({ to: '/error', search: { type: 'payment' } });
        },
      },
    );
  }

  return (
    <Page
      eyebrow={station?.brand}
      title={<Trans>Summary</Trans>}
      actions={
        <Button size="lg" disabled={!canPay} loading={pay.isPending} onClick={onPay}>
          {i18n._(msg`Pay ${total}`)}
        </Button>
      }
    >
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
        total={totalPrice ? { label: <Trans>Total</Trans>, value: <Money value={totalPrice} size="lg" /> } : undefined}
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
      <FormAlert>{alert}</FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}
