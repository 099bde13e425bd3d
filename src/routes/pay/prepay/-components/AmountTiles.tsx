import type { Money as MoneyValue } from '../../../../lib/money';
import { Money } from '../../../../ui';
import '../../-components/pay.css';

/** The recommended amounts as big buttons, two a row. */
export function AmountTiles({ amounts, onChoose }: { amounts: MoneyValue[]; onChoose: (amount: MoneyValue) => void }) {
  return (
    <ul className="amount-tiles">
      {amounts.map((price) => (
        <li key={`${price.currency}-${price.amount}`}>
          <button type="button" className="amount-tile" onClick={() => onChoose(price)}>
            <Money value={price} />
          </button>
        </li>
      ))}
    </ul>
  );
}
