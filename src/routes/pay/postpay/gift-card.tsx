import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { requireRegistered } from '../../../app/guards';
import { usePayPrepay } from '../../../features/checkout/queries';
import { PaymentMethodPicker } from '../../../features/checkout/ui/PaymentMethodPicker';
import { orderGroup } from '../../../features/orders/model/search';
import { usePaymentMethods } from '../../../features/payment-methods/queries';
import { useSession, useUser } from '../../../features/session/queries';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Button, Loading, Notice, Page, RadioList, RadioOption, Section, SkeletonList } from '../../../ui';
import { useStation } from '../-components/use-station';
import { StepSkeleton } from '../prepay/-components/StepSkeleton';

export const Route = createFileRoute('/pay/postpay/gift-card')({
  validateSearch: orderGroup,
  // pay-flows.md §2: "Gift card flow; registered users only" (§6: guests go to /login keeping the query).
  beforeLoad: requireRegistered,
  component: GiftCard,
});

/**
 * Buy a gift card (always postpay, §4): choose an amount, pay; the order is priced at once and the payment captures
 * it, then /pay/postpay/processing shows the code. Paying is the checkout's create-and-authorize mutation.
 */
function GiftCard() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const user = useUser(record?.userId);
  const methods = usePaymentMethods(record?.userId ?? null);
  const { station } = useStation(query.pid ?? '', query);
  const [picked, setPicked] = useState<string | null>(null);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const pay = usePayPrepay();

  if (!station) return <StepSkeleton rows={3} />;
  const cards = station.products
    .filter((p) => p.type === 'GIFT_CARD' && p.attributes.status === 'AVAILABLE')
    .flatMap((p) => p.attributes.availableItems.filter((i) => i.price > 0).map((item) => ({ product: p, item })));
  if (cards.length === 0) return <Navigate to="/pay" search={true} replace />;
  const choice = cards.find((c) => c.item.itemCode === picked) ?? cards[0]!;
  const price = { amount: choice.item.price, currency: choice.item.currency, precision: choice.item.precision };
  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosenMethod) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  const canPay = !!method && online && !pay.isPending;

  function buy() {
    if (!method) return;
    pay.mutate(
      {
        pid: station!._id,
        productId: choice.product._id,
        fuelTypeId: choice.item.itemCode,
        amount: price.amount,
        currency: price.currency,
        precision: price.precision,
        paymentMethodId: method.id,
        thingId: user.data?.thingId ?? null,
        partner: query.partner,
      },
      {
        onSuccess: (order) => {
          if (['FAILED', 'REJECTED', 'PROBLEM', 'CANCELLED'].includes(order.state)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          void navigate({
            to: '/pay/postpay/processing',
            search: (prev) => ({ ...prev, orderId: order._id, orderType: 'POSTPAY' }),
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
      title={<Trans>Gift card</Trans>}
      actions={
        <Button size="lg" disabled={!canPay} loading={pay.isPending} onClick={buy}>
          {i18n._(msg`Pay ${formatMoney(price, i18n.locale)}`)}
        </Button>
      }
    >
      <RadioList label={<Trans>Amount</Trans>} value={choice.item.itemCode} onChange={setPicked}>
        {cards.map((c) => (
          <RadioOption
            key={c.item.itemCode}
            value={c.item.itemCode}
            title={c.item.marketingName}
            trailing={formatMoney(
              { amount: c.item.price, currency: c.item.currency, precision: c.item.precision },
              i18n.locale,
            )}
          />
        ))}
      </RadioList>
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
          <PaymentMethodPicker methods={list} value={method?.id ?? null} onChange={setChosenMethod} />
        )}
      </Section>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}
