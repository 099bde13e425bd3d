// The loyalty card on a summary (pay-flows.md §2 summary "loyalty card"): the driver's first card, small. Registered
// drivers only (§6: guests see no loyalty card); nothing when there is none.
import { Trans } from '@lingui/react/macro';
import { useLoyaltyCards } from '../queries';
import { ProgramIcon } from './ProgramIcon';
import './loyalty.css';

export function LoyaltyCardSlot({ userId }: { userId: string | null }) {
  const cards = useLoyaltyCards(userId);
  const card = cards.data?.[0];
  if (!card) return null;
  return (
    <section className="loyalty-slot" aria-label={card.programName}>
      <ProgramIcon icon={card.icon} />
      <span className="loyalty-slot-text">
        <span className="loyalty-slot-name">{card.programName}</span>
        <span className="loyalty-slot-number">
          <Trans>Card ending {card.details.cardNumber.slice(-4)}</Trans>
        </span>
      </span>
    </section>
  );
}
