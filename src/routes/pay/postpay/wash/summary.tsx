import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderState } from '../../../../contract/orders';
import { PaymentMethodPicker } from '../../../../features/checkout/ui/PaymentMethodPicker';
import { orderGroup } from '../../../../features/orders/model/search';
import { hasReached } from '../../../../features/orders/model/waits';
import { orderQuery } from '../../../../features/orders/queries';
import { usePaymentMethods } from '../../../../features/payment-methods/queries';
import { useSession } from '../../../../features/session/queries';
import { usePayWash } from '../../../../features/wash/queries';
import { errorText } from '../../../../i18n/messages';
import { ApiError } from '../../../../lib/http/errors';
import { formatMoney } from '../../../../lib/money';
import { useOnline } from '../../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Money, Notice, Page, Section, SkeletonList } from '../../../../ui';
import '../../../../features/wash/ui/wash.css';
import { OrderFacts } from '../../-components/OrderFacts';
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
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const { station } = useStation(query.pid ?? '', query);
  const order = useQuery(orderQuery(orderId)).data;
  const [chosen, setChosen] = useState<string | null>(null);
  // One key per card for this order: pressing pay again replays, never pays twice.
  const [keys] = useState(() => new Map<string, string>());
  const pay = usePayWash();
  const alert = pay.error instanceof ApiError && pay.error.status === 0 ? errorText(i18n, pay.error) : null;

  if (!order) return <StepSkeleton rows={2} />;
  // Already paid (a reload, the back button): the codes are on the finish page.
  if (hasReached(order, 'PAYMENT_AUTHORIZED') && !FAILED_STATES.includes(order.state)) {
    return <Navigate to="/pay/wash/finish" search={true} replace />;
  }
  if (order.state !== 'PAYMENT_PENDING') return <Navigate to="/error" search={{ type: 'payment' }} replace />;

  const product = order.products[0];
  const lines = product?.attributes?.paymentAttributes?.descriptionLines ?? [];
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
          if (FAILED_STATES.includes(paid.state)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          void navigate({ to: '/pay/wash/finish', search: (prev) => ({ ...prev, orderId: paid._id }) });
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
        total={totalPrice ? { label: <Trans>Total</Trans>, value: <Money value={totalPrice} size="lg" /> } : undefined}
        note={<Trans>You get a code for the car wash. It is saved on this phone and works without signal.</Trans>}
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
