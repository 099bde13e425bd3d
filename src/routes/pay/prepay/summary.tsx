import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { currencyDigits } from '../../../contract/money';
import { usePayPrepay } from '../../../features/checkout/queries';
import { orderGroup } from '../../../features/orders/model/search';
import { usePaymentMethods } from '../../../features/payment-methods/queries';
import { useSession, useUser } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { FormAlert } from '../../../ui/Form';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/summary')({
  validateSearch: orderGroup,
  component: PrepaySummary,
});

function PrepaySummary() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const { station, pump, item } = useChosenPump(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const pay = usePayPrepay();
  const pending = pay.isPending;
  // No answer: nothing is lost — the same attempt (same keys) is replayed when the driver presses pay again.
  const alert = pay.error instanceof ApiError && pay.error.status === 0 ? errorText(i18n, pay.error) : null;

  if (!station) return <p className="page lead" aria-busy="true" />;
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
  const canPay = !isGuest && !!method && online && !pending;

  function onPay() {
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
      },
      {
        onSuccess: (order) => {
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
    <section className="page">
      <h1>
        <Trans>Summary</Trans>
      </h1>
      <dl className="summary">
        <div>
          <dt>
            <Trans>Fuel</Trans>
          </dt>
          <dd>{item.marketingName}</dd>
        </div>
        <div>
          <dt>
            <Trans>Pump</Trans>
          </dt>
          <dd>{pump.name}</dd>
        </div>
        <div className="summary-total">
          <dt>
            <Trans>Maximum amount</Trans>
          </dt>
          <dd>{total}</dd>
        </div>
      </dl>
      <p className="muted">
        <Trans>This amount is reserved on your card. You are charged only for the fuel you take.</Trans>
      </p>
      {isGuest ? (
        <div className="notice">
          <p>
            <Trans>Log in or register to pay with a saved card.</Trans>
          </p>
          <div className="actions">
            <Link to="/login" className="button secondary">
              <Trans>Log in</Trans>
            </Link>
            <Link to="/register" className="button ghost">
              <Trans>Register</Trans>
            </Link>
          </div>
        </div>
      ) : (
        <section aria-labelledby="pay-method-title">
          <h2 id="pay-method-title">
            <Trans>Payment method</Trans>
          </h2>
          {methods.isPending ? (
            <p aria-busy="true">
              <Trans>Loading your payment methods…</Trans>
            </p>
          ) : list.length === 0 ? (
            <p className="notice">
              <Trans>You have no saved payment method.</Trans>
            </p>
          ) : (
            <label className="field">
              <span className="visually-hidden">
                <Trans>Payment method</Trans>
              </span>
              <select value={method?.id} onChange={(e) => setChosen(e.target.value)} className="select">
                {list.map((m) => (
                  <option key={m.id} value={m.id}>
                    {`${m.details.brand ?? m.method} •••• ${m.details.last4 ?? ''} ${m.details.expiry ?? ''}`.trim()}
                  </option>
                ))}
              </select>
            </label>
          )}
        </section>
      )}
      <FormAlert>{alert}</FormAlert>
      {!online ? (
        <p className="notice" role="status">
          <Trans>You are offline</Trans>
        </p>
      ) : null}
      <button type="button" className="button pay-button" disabled={!canPay} aria-busy={pending} onClick={onPay}>
        {i18n._(msg`Pay ${total}`)}
      </button>
    </section>
  );
}
