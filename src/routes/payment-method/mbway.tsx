import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { requireRegistered } from '../../app/guards';
import { leaving, pickUiQuery, type Query, type UiQuery } from '../../app/query-carry';
import { paymentReturnGroup } from '../../features/checkout/model/search';
import { registrationOutcome } from '../../features/payment-methods/model/registration-return';
import { refreshPaymentMethods } from '../../features/payment-methods/queries';
import { MbwayForm } from '../../features/payment-methods/ui/MbwayForm';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../ui';

const SELF = '/payment-method/mbway';

/**
 * /payment-method/mbway (shell-and-account.md §2.1): MB WAY added from the pay flow. The phone's answer comes back
 * here; then the driver goes on to /pay with the kept query (the station), as the back rule of §2.3 says.
 */
export const Route = createFileRoute('/payment-method/mbway')({
  beforeLoad: requireRegistered,
  validateSearch: paymentReturnGroup,
  component: MbwayFromPay,
});

function MbwayFromPay() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const done = useRef(false);
  const outcome = registrationOutcome(search);
  useEffect(() => {
    if (outcome.kind === 'start' || done.current) return;
    done.current = true;
    void refreshPaymentMethods(queryClient);
    if (outcome.kind === 'added') toast.show({ text: i18n._(msg`MB WAY was added`), tone: 'success' });
    else if (outcome.kind === 'failed') {
      toast.show({
        text: outcome.mbwayTimeout
          ? i18n._(msg`MB WAY was not approved in time. Please try again.`)
          : i18n._(msg`MB WAY could not be added.`),
        tone: 'danger',
      });
      void navigate({ to: SELF, search: (prev) => leaving(pickUiQuery(prev as Query)) as UiQuery, replace: true });
      return;
    }
    void navigate({ to: '/pay', search: (prev) => leaving(pickUiQuery(prev as Query)) as UiQuery, replace: true });
  }, [outcome, i18n, navigate]);
  // The phone sends the driver back here with the station's kept query, so /pay finds the station again.
  const kept = new URLSearchParams();
  for (const [k, v] of Object.entries(pickUiQuery(search as Query))) if (typeof v === 'string') kept.set(k, v);
  const qs = kept.toString();
  return <MbwayForm returnPath={qs ? `${SELF}?${qs}` : SELF} />;
}
