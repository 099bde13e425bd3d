import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PaymentMethod } from '../../../../contract/orders';
import { PAYPAL_PROVIDER } from '../../../../contract/plain/payment-methods';
import { BottomSheet, List, ListItem } from '../../../ui';
import { MethodIcon } from './MethodIcon';

/** The provider round trips (the provider's page, then back to payment-register). */
const LINKED: { method: PaymentMethod['method']; provider: string; title: MessageDescriptor }[] = [
  { method: 'PAYPAL', provider: PAYPAL_PROVIDER, title: msg`Link PayPal` },
  { method: 'BLUECODE', provider: 'bluecode', title: msg`Link Bluecode` },
  { method: 'PAYCONIQ', provider: 'payconiq', title: msg`Link Payconiq` },
];

/**
 * The ways to add a payment method, as a picker sheet (the sticky bar's "Add payment method" on /profile/payments): a
 * card on the provider's page, the provider round trips (PayPal, Bluecode, Payconiq), MB WAY and a fuel card. Device
 * wallets (Google Pay, Apple Pay) are not saved: the summary offers them where the device and the station support them.
 */
export function AddMethodSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <BottomSheet open={open} onClose={onClose} title={<Trans>Add payment method</Trans>}>
      <List inset={false} className="add-method-list">
        <ListItem
          leading={<MethodIcon method="DIRECT_CREDIT" />}
          title={<Trans>Credit or debit card</Trans>}
          subtitle={<Trans>Visa, Mastercard or American Express</Trans>}
          chevron
          render={(props) => <Link to="/profile/payments/payment-register" data-autofocus {...props} />}
        />
        {LINKED.map(({ method, provider, title }) => (
          <ListItem
            key={method}
            leading={<MethodIcon method={method} />}
            title={i18n._(title)}
            chevron
            render={(props) => <Link to="/profile/payments/payment-register" search={{ provider }} {...props} />}
          />
        ))}
        <ListItem
          leading={<MethodIcon method="MBWAY" />}
          title={<Trans>Add MB WAY</Trans>}
          subtitle={<Trans>With your Portuguese mobile number</Trans>}
          chevron
          render={(props) => <Link to="/profile/payments/add/mbway" {...props} />}
        />
        <ListItem
          leading={<MethodIcon method="FUEL_CARD" />}
          title={<Trans>Add a fuel card</Trans>}
          subtitle={<Trans>BP, Aral or Routex</Trans>}
          chevron
          render={(props) => <Link to="/profile/payments/add/bp-card" {...props} />}
        />
      </List>
    </BottomSheet>
  );
}
