// A tutorial topic's icon, by the name the tutorial site gives it.
import type { TutorialTopicIcon } from '../../../../contract/tutorials';
import { CarWashIcon, EvPlugIcon, FuelIcon, ReceiptIcon, TicketIcon, WalletIcon } from '../../../ui/icons';

const ICONS = {
  fuel: FuelIcon,
  receipt: ReceiptIcon,
  wash: CarWashIcon,
  ev: EvPlugIcon,
  wallet: WalletIcon,
  ticket: TicketIcon,
} as const;

export function TopicIcon({ icon, size = 20 }: { icon: TutorialTopicIcon; size?: number }) {
  const Icon = ICONS[icon];
  return <Icon size={size} aria-hidden="true" />;
}
