import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { GENERIC_ERROR } from '../../i18n/messages';
import { searchObject, text } from '../../lib/search-schema';
import { buttonClass } from '../../ui';
import { AlertIcon, CardIcon, FuelIcon, MapPinIcon, OfflineIcon } from '../../ui/icons';

/** "/error: Takes a type." Unknown types show the generic error. */
const errorSearch = searchObject({ type: text() });

export const Route = createFileRoute('/(public)/error')({
  validateSearch: errorSearch,
  component: ErrorPage,
});

/** Error page types (shell-and-account.md §8, pay-flows.md §8). Anything else shows the generic title and text. */
const TYPES: Record<string, { title: MessageDescriptor; text: MessageDescriptor }> = {
  fueling_prepay: {
    title: msg`Fueling could not be started`,
    text: msg`The system does not respond. The process was cancelled automatically and you were not charged.`,
  },
  fueling_postpay: {
    title: msg`Your order could not be loaded`,
    text: msg`We could not load your fueling. Please pay at the till if you have already fuelled.`,
  },
  fueling_postpay_order: {
    title: msg`Your order has expired`,
    text: msg`This order is no longer valid. Please pay at the till.`,
  },
  payment: {
    title: msg`Payment failed`,
    text: msg`Your payment could not be completed. Please try again or use another payment method.`,
  },
  payment_register: {
    title: msg`Payment method not added`,
    text: msg`Your payment method could not be registered. Please try again.`,
  },
  payment_edit: {
    title: msg`Payment method not changed`,
    text: msg`Your payment method could not be changed. Please try again.`,
  },
  STATION_OFFLINE: {
    title: msg`Station offline`,
    text: msg`This station cannot take payments in the app at the moment. Please pay at the till.`,
  },
  NO_PUMPS: {
    title: msg`No pumps available`,
    text: msg`This station has no pumps you can pay for in the app.`,
  },
  NO_STATION_FOUND_LAT_LON: {
    title: msg`No station found`,
    text: msg`We could not find a partner station at your location.`,
  },
};

/** The icon says which part failed: the pump, the payment, the station. */
function iconFor(type: string | undefined): ReactNode {
  if (type?.startsWith('fueling') || type === 'NO_PUMPS') return <FuelIcon size={36} />;
  if (type?.startsWith('payment')) return <CardIcon size={36} />;
  if (type === 'STATION_OFFLINE') return <OfflineIcon size={36} />;
  if (type === 'NO_STATION_FOUND_LAT_LON') return <MapPinIcon size={36} />;
  return <AlertIcon size={36} />;
}

function ErrorPage() {
  const { i18n } = useLingui();
  const { type } = Route.useSearch();
  const entry = type && Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  return (
    <StatusScreen
      tone="danger"
      icon={iconFor(entry ? type : undefined)}
      title={entry ? i18n._(entry.title) : i18n._(msg`Something went wrong`)}
      actions={
        <Link to="/" className={buttonClass({ size: 'lg' })}>
          <Trans>OK</Trans>
        </Link>
      }
    >
      <p>{entry ? i18n._(entry.text) : i18n._(GENERIC_ERROR)}</p>
    </StatusScreen>
  );
}
