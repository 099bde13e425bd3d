import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Button } from '../../../ui';
import { WalletIcon } from '../../../ui/icons';
import { methodName } from '../../payment-methods/model/names';
import type { WalletId } from '../model/wallets';
import './checkout.css';

type Props = { wallets: readonly WalletId[]; disabled: boolean; busy: WalletId | null; onPay: (id: WalletId) => void };

/** The wallet buttons of the summary (pay-flows.md §2: Apple, Google, Amazon), those device and station support. */
export function WalletButtons({ wallets, disabled, busy, onPay }: Props) {
  const { i18n } = useLingui();
  if (wallets.length === 0) return null;
  return (
    <div className="wallet-buttons">
      {wallets.map((id) => {
        const wallet = methodName({ method: id, details: {} });
        return (
          <Button
            key={id}
            variant="secondary"
            size="lg"
            fullWidth
            disabled={disabled}
            loading={busy === id}
            onClick={() => onPay(id)}
          >
            <WalletIcon size={20} aria-hidden="true" />
            {i18n._(msg`Pay with ${wallet}`)}
          </Button>
        );
      })}
    </div>
  );
}
