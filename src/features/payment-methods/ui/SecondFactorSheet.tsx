import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { BottomSheet } from '../../../ui';
import { twoFactorApi } from '../api';

// The code form loads when a fuel card asks for its second factor (rare): not on every summary's first load.
const TwoFactorCode = lazy(() => import('./TwoFactorCode').then((m) => ({ default: m.TwoFactorCode })));

type Props = {
  /** The order to confirm and the method that pays it (a fuel card); null: closed. */
  target: { orderId: string; paymentMethodId: string } | null;
  onClose: () => void;
  onVerified: () => void;
};

/**
 * A fuel card's second factor at checkout (shell-and-account.md §5 "Fuel-card checkout is allowed only if that check
 * passes"; §7 /auth/2fa/authentication/...): a code is mailed for this order when the sheet opens, the driver types
 * it, and the summary authorizes again.
 */
export function SecondFactorSheet({ target, onClose, onVerified }: Props) {
  return (
    <BottomSheet
      open={!!target}
      onClose={onClose}
      title={<Trans>Confirm with the code from your email</Trans>}
      description={<Trans>Your fuel card pays only with a code we send to your email address for this payment.</Trans>}
    >
      {target ? (
        <Suspense fallback={null}>
          <TwoFactorCode
            key={target.orderId}
            send={() => twoFactorApi.authenticationOptions(target.paymentMethodId)}
            verify={(code) => twoFactorApi.verifyAuthentication({ ...target, code })}
            onVerified={onVerified}
            submitLabel={<Trans>Confirm and pay</Trans>}
          />
        </Suspense>
      ) : null}
    </BottomSheet>
  );
}
