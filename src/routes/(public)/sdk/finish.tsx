import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  type FinishOutcome,
  finishOutcome,
  type HostWindow,
  handBack,
  parsePaymentData,
} from '../../../features/embedding/model/sdk-finish';
import { callbackPolicy, ensureHostApps } from '../../../features/embedding/queries';
import { StatusScreen } from '../../../features/session/ui/StatusScreen';
import { searchObject, text } from '../../../lib/search-schema';
import { Money } from '../../../ui';
import { CheckIcon, InfoIcon } from '../../../ui/icons';

/**
 * /sdk/finish: where a callback of the literal "true" leads (pay-flows.md §4). The result goes to the host (its frame's
 * parent, its opener, a WebView bridge) and the driver reads that it is over.
 */
export const Route = createFileRoute('/(public)/sdk/finish')({
  validateSearch: searchObject({ paymentData: text() }),
  // The allowlist decides which origins may receive the result: known before the hand-back.
  loader: ensureHostApps,
  component: SdkFinish,
});

const TITLES: Record<FinishOutcome, MessageDescriptor> = {
  paid: msg`Payment complete`,
  cancelled: msg`Payment cancelled`,
  ended: msg`All done`,
};

function SdkFinish() {
  const { i18n } = useLingui();
  const { paymentData } = Route.useSearch();
  const result = parsePaymentData(paymentData);
  const outcome = finishOutcome(result);
  // Once per page: the result in the address does not change while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page
  useEffect(() => {
    handBack(window as unknown as HostWindow, result, callbackPolicy(window.location.origin));
  }, []);
  return (
    <StatusScreen
      tone={outcome === 'paid' ? 'success' : 'brand'}
      icon={outcome === 'paid' ? <CheckIcon size={36} /> : <InfoIcon size={36} />}
      title={i18n._(TITLES[outcome])}
      live
    >
      {outcome === 'paid' && result.amount ? (
        <p>
          <Money value={result.amount} />
        </p>
      ) : null}
      <p>{i18n._(msg`You can close this page and go back to the app you came from.`)}</p>
    </StatusScreen>
  );
}
