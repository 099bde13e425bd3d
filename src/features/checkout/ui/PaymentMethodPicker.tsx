import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { PaymentMethod } from '../../../../contract/orders';
import { BottomSheet, List, ListItem, RadioList, RadioOption } from '../../../ui';
import { CardIcon, WalletIcon } from '../../../ui/icons';
import { methodName } from '../../payment-methods/model/names';
import './checkout.css';

/** "Visa •••• 4242" (kept exported here for the screens that import it from the picker). */
export { methodName };

function MethodIcon({ method }: { method: PaymentMethod }) {
  return method.method === 'CREDIT_CARD' || method.method === 'DIRECT_CREDIT' || method.method === 'FUEL_CARD' ? (
    <CardIcon size={22} />
  ) : (
    <WalletIcon size={22} />
  );
}

function MethodDetail({ method }: { method: PaymentMethod }) {
  const { label, expiry } = method.details;
  if (!expiry) return label ?? null;
  return label ? (
    <Trans>
      Expires {expiry} · {label}
    </Trans>
  ) : (
    <Trans>Expires {expiry}</Trans>
  );
}

type Props = { methods: PaymentMethod[]; value: string | null; onChange: (id: string) => void };

/**
 * The payment method of a checkout: one row showing the chosen method; pressing it opens a bottom sheet to choose
 * another (pay-flows.md §2 summary: "payment card with change-method picker"). A tap on a method picks it and closes
 * the sheet; arrow keys only move through them.
 */
export function PaymentMethodPicker({ methods, value, onChange }: Props) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const chosen = methods.find((m) => m.id === value) ?? null;
  const canChange = methods.length > 1;
  const row = {
    leading: chosen ? <MethodIcon method={chosen} /> : <CardIcon size={22} />,
    title: (
      <>
        {/* The row's name starts with what it is: "Payment method: Visa •••• 4242 …". */}
        <span className="visually-hidden">{i18n._(msg`Payment method`)}: </span>
        {chosen ? methodName(chosen) : null}
      </>
    ),
    subtitle: chosen ? <MethodDetail method={chosen} /> : undefined,
  };
  return (
    <>
      <List className="method-picker">
        {canChange ? (
          <ListItem
            {...row}
            trailing={
              <span className="method-picker-change">
                <Trans>Change</Trans>
              </span>
            }
            chevron
            render={(props) => (
              <button
                type="button"
                {...props}
                aria-haspopup="dialog"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              />
            )}
          />
        ) : (
          <ListItem {...row} />
        )}
      </List>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Pay with</Trans>}
        description={<Trans>The amount is reserved on this method and only what you fuel is charged.</Trans>}
      >
        <RadioList
          label={i18n._(msg`Payment method`)}
          hideLabel
          value={value}
          onChange={onChange}
          onPick={() => setOpen(false)}
        >
          {methods.map((method) => (
            <RadioOption
              key={method.id}
              value={method.id}
              title={methodName(method)}
              subtitle={<MethodDetail method={method} />}
              leading={<MethodIcon method={method} />}
              trailing={
                method.isPreferred ? (
                  <span className="method-preferred">
                    <Trans>Preferred</Trans>
                  </span>
                ) : undefined
              }
            />
          ))}
        </RadioList>
      </BottomSheet>
    </>
  );
}
