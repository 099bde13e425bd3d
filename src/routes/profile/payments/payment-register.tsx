import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isRedirectProvider, PAYPAL_PROVIDER, REDIRECT_PROVIDERS } from '../../../../contract/plain/payment-methods';
import { leaving, pickUiQuery, type Query, type UiQuery } from '../../../app/query-carry';
import { paymentReturnGroup } from '../../../features/checkout/model/search';
import { methodName } from '../../../features/payment-methods/model/names';
import { registrationOutcome } from '../../../features/payment-methods/model/registration-return';
import { limitQuery, openRegistrationPage, refreshPaymentMethods } from '../../../features/payment-methods/queries';
import { isApiError } from '../../../lib/http/errors';
import { buttonClass, Loading, Notice, Page, SkeletonList, toast } from '../../../ui';

export const Route = createFileRoute('/profile/payments/payment-register')({
  validateSearch: paymentReturnGroup,
  component: PaymentRegister,
});

/**
 * The provider page round trip (shell-and-account.md §2.1 payment-register): without a result, open the provider's
 * card page (the app never holds card fields); with one, say what happened and go back to the list, or to the error
 * page payment_register / payment_edit.
 */
function PaymentRegister() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [limitReached, setLimitReached] = useState(false);
  const started = useRef(false);
  const outcome = registrationOutcome(search);
  // The page to open: the PayPal vault, a redirect method's provider (Bluecode, Payconiq), else the card page.
  const provider =
    search.provider === PAYPAL_PROVIDER || isRedirectProvider(search.provider) ? search.provider : undefined;
  const providerName = isRedirectProvider(provider)
    ? methodName({ method: REDIRECT_PROVIDERS[provider], details: {} })
    : null;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The provider's answer (the payment-return group) stays behind: only the kept UI keys go on.
    const toList = () =>
      void navigate({
        to: '/profile/payments',
        search: (prev) => leaving(pickUiQuery(prev as Query)) as UiQuery,
        replace: true,
      });
    switch (outcome.kind) {
      case 'added':
        void refreshPaymentMethods(client);
        toast.show({
          text:
            outcome.method === 'PAYPAL'
              ? i18n._(msg`Your PayPal account was linked`)
              : outcome.method === 'MBWAY'
                ? i18n._(msg`MB WAY was added`)
                : outcome.method === 'card'
                  ? i18n._(msg`Your card was added`)
                  : i18n._(msg`${methodName({ method: outcome.method, details: {} })} was linked`),
          tone: 'success',
        });
        toList();
        return;
      case 'edited':
        void refreshPaymentMethods(client);
        toast.show({ text: i18n._(msg`Your card was updated`), tone: 'success' });
        toList();
        return;
      case 'cancelled':
        // The page load started from the persisted cache: the list is loaded afresh all the same.
        void refreshPaymentMethods(client);
        // pay-flows.md §8 PAYPAL_POPUP_CLOSED: said, not an error page.
        if (outcome.paypalClosed) {
          toast.show({ text: i18n._(msg`The PayPal window was closed. PayPal was not linked.`) });
        }
        toList();
        return;
      case 'failed':
        void refreshPaymentMethods(client);
        if (outcome.mbwayTimeout) {
          // The phone did not answer in time: back to the number, to try again.
          toast.show({ text: i18n._(msg`MB WAY was not approved in time. Please try again.`), tone: 'danger' });
          void navigate({ to: '/profile/payments/add/mbway', replace: true });
          return;
        }
        void navigate({ to: '/error', search: { type: outcome.errorType }, replace: true });
        return;
      case 'start':
        void (async () => {
          try {
            // The add screens refuse beyond the limit (shell-and-account.md §4 Payment methods).
            const limit = await client.fetchQuery(limitQuery());
            if (limit.isLimitExceeded) {
              setLimitReached(true);
              return;
            }
            // The card page by default; ?provider=paypal|bluecode|payconiq opens that provider's page.
            const page = await openRegistrationPage(provider);
            window.location.assign(page.url);
          } catch (error) {
            if (isApiError(error) && error.status === 409) {
              setLimitReached(true);
              return;
            }
            void navigate({ to: '/error', search: { type: 'payment_register' }, replace: true });
          }
        })();
    }
  }, [outcome, client, i18n, navigate, provider]);

  return (
    <Page title={<Trans>Add payment method</Trans>}>
      {limitReached ? (
        <Notice
          tone="info"
          title={<Trans>You have reached the limit of addable payments methods</Trans>}
          action={
            <Link to="/profile/payments" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Trans>Back to payment methods</Trans>
            </Link>
          }
        >
          <Trans>Remove a payment method you no longer use to add another one.</Trans>
        </Notice>
      ) : (
        <Loading
          label={
            provider === PAYPAL_PROVIDER
              ? i18n._(msg`Opening PayPal…`)
              : providerName
                ? i18n._(msg`Opening ${providerName}…`)
                : i18n._(msg`Opening the secure card page…`)
          }
        >
          <SkeletonList rows={2} />
        </Loading>
      )}
    </Page>
  );
}
