import {
  CarIcon,
  CarWashIcon,
  EvPlugIcon,
  FuelIcon,
  GiftIcon,
  MapPinIcon,
  ReceiptIcon,
  TicketIcon,
  WalletIcon,
} from '../../../ui/icons';
import type { EventIcon as Kind } from '../model/rows';

const ICONS = {
  fuel: FuelIcon,
  ev: EvPlugIcon,
  wash: CarWashIcon,
  gift: GiftIcon,
  trip: MapPinIcon,
  parking: TicketIcon,
  repair: CarIcon,
  document: ReceiptIcon,
  cost: WalletIcon,
} as const;

/** The icon of a history row (decorative: the row's text says what it is). */
export function EventIcon({ kind, size = 20 }: { kind: Kind; size?: number }) {
  const Icon = ICONS[kind];
  return <Icon size={size} aria-hidden="true" />;
}
