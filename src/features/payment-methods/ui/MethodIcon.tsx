import type { PaymentMethod } from '../../../../contract/orders';
import { CardIcon, WalletIcon } from '../../../ui/icons';
import { methodKind } from '../model/names';

/** The icon of a payment method: cards (and fuel cards) a card, wallets and phone methods a wallet. */
export function MethodIcon({ method, size = 22 }: { method: PaymentMethod['method']; size?: number }) {
  const kind = methodKind(method);
  return kind === 'card' || kind === 'fuel-card' ? <CardIcon size={size} /> : <WalletIcon size={size} />;
}
