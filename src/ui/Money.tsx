import { useLingui } from '@lingui/react';
import { formatMoney, formatUnitPrice, type Money as MoneyValue } from '../lib/money';
import { cx } from './cx';

type Props = {
  value: MoneyValue;
  /** 'unit' keeps every digit (1.789 per litre); 'total' rounds down to the currency's digits. */
  variant?: 'total' | 'unit';
  /** The unit a unit price is per ('l', 'kWh'), shown after a slash. */
  per?: string;
  size?: 'sm' | 'md' | 'lg' | 'display';
  /** A discount or a release: shown with a minus sign. */
  negative?: boolean;
  className?: string;
};

/** An amount in the active language's format, with figures of equal width so columns line up. */
export function Money({ value, variant = 'total', per, size = 'md', negative = false, className }: Props) {
  const { i18n } = useLingui();
  const text = variant === 'unit' ? formatUnitPrice(value, i18n.locale) : formatMoney(value, i18n.locale);
  return (
    <span className={cx('ui-money', size !== 'md' && `ui-money--${size}`, className)}>
      {negative ? '−' : null}
      {text}
      {per ? <span className="ui-money-per">/{per}</span> : null}
    </span>
  );
}
