import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Loading, Notice, Section, SkeletonList } from '../../../ui';
import type { Checkout } from '../use-checkout';
import { PaymentMethodPicker } from './PaymentMethodPicker';

/** The summary's payment method: the driver's saved methods this device and station can pay with, one chosen. */
export function MethodSection({ methods }: { methods: Checkout['methods'] }) {
  const { i18n } = useLingui();
  return (
    <Section title={<Trans>Payment method</Trans>}>
      {methods.isPending ? (
        <Loading label={i18n._(msg`Loading your payment methods…`)}>
          <SkeletonList rows={1} />
        </Loading>
      ) : methods.list.length === 0 ? (
        <Notice tone="warning" live="none">
          <Trans>You have no saved payment method.</Trans>
        </Notice>
      ) : (
        <PaymentMethodPicker methods={methods.list} value={methods.method?.id ?? null} onChange={methods.choose} />
      )}
    </Section>
  );
}
