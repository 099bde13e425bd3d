import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { requireRegistered } from '../../../app/guards';
import { usePayOrder } from '../../../features/checkout/queries';
import { orderGroup } from '../../../features/orders/model/search';
import { useSession, useUser } from '../../../features/session/queries';
import { formatMoney } from '../../../lib/money';
import { RadioList, RadioOption } from '../../../ui';
import { accountFeatureOn, featureGates } from '../../-account-page';
import { type PayAction, PaySummary } from '../-components/PaySummary';
import { useStation } from '../-components/use-station';
import { StepSkeleton } from '../prepay/-components/StepSkeleton';

export const Route = createFileRoute('/pay/postpay/gift-card')({
  validateSearch: orderGroup,
  // pay-flows.md §2: "Gift card flow; registered users only" (§6: guests go to /login keeping the query).
  // shell-and-account.md §6: the giftCardShop flag switches gift cards; with it off the driver goes back to the pump
  // screen (which does not offer the entry either), keeping the station query.
  beforeLoad: async (ctx) => {
    const result = await requireRegistered(ctx);
    if (!(await accountFeatureOn(ctx, result, featureGates.giftCards))) {
      const { orderType: _type, orderId: _order, ...station } = ctx.search;
      throw redirect({ to: '/pay/pump', search: station, replace: true });
    }
    return result;
  },
  component: GiftCard,
});

/**
 * Buy a gift card (always postpay, §4): choose an amount, pay; the order is priced at once and the payment captures
 * it, then /pay/postpay/processing shows the code. The checkout is the shared summary's (picker, PIN or biometrics,
 * 3-D Secure, wallets); paying is the checkout's create-and-authorize mutation.
 */
function GiftCard() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const record = useSession();
  const user = useUser(record?.userId);
  const { station } = useStation(query.pid ?? '', query);
  const [picked, setPicked] = useState<string | null>(null);
  const pay = usePayOrder();

  if (!station) return <StepSkeleton rows={3} />;
  const cards = station.products
    .filter((p) => p.type === 'GIFT_CARD' && p.attributes.status === 'AVAILABLE')
    .flatMap((p) => p.attributes.availableItems.filter((i) => i.price > 0).map((item) => ({ product: p, item })));
  if (cards.length === 0) return <Navigate to="/pay" search={true} replace />;
  const choice = cards.find((c) => c.item.itemCode === picked) ?? cards[0]!;
  const price = { amount: choice.item.price, currency: choice.item.currency, precision: choice.item.precision };

  const action: PayAction = {
    isPending: pay.isPending,
    error: pay.error,
    mutate: (means, callbacks) =>
      pay.mutate(
        {
          flow: {
            kind: 'giftCard',
            selection: {
              pid: station._id,
              productId: choice.product._id,
              fuelTypeId: choice.item.itemCode,
              amount: price.amount,
              currency: price.currency,
              precision: price.precision,
            },
            thingId: user.data?.thingId ?? null,
            partner: query.partner,
          },
          means,
        },
        callbacks,
      ),
  };

  return (
    <PaySummary
      station={station}
      title={<Trans>Gift card</Trans>}
      total={price}
      action={action}
      failureType="generic"
      returnTo={{
        // The order id is added once the order exists (payOrder).
        success: router.buildLocation({
          to: '/pay/postpay/processing',
          search: (prev) => ({ ...prev, orderType: 'POSTPAY' }),
        }).href,
        error: router.buildLocation({ to: '/error', search: { type: 'payment' } }).href,
      }}
      onPaid={(order) =>
        void navigate({
          to: '/pay/postpay/processing',
          search: (prev) => ({ ...prev, orderId: order._id, orderType: 'POSTPAY' }),
        })
      }
      facts={
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
      }
    />
  );
}
