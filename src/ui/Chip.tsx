import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { CheckIcon } from './icons';

/** Class names for a chip-looking link: `<Link className={chipClass()}>`. */
export function chipClass({ selected = false }: { selected?: boolean } = {}, className?: string) {
  return cx('chip', selected && 'is-selected', className);
}

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> & {
  /** A filter chip: pressed or not (aria-pressed). Leave undefined for an action chip. */
  selected?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/** A compact pill with a 44 px touch target: a filter (selected, shown by a check as well as colour) or an action. */
export function Chip({ selected, icon, className, children, type = 'button', ...rest }: Props) {
  return (
    <button type={type} className={chipClass({ selected: !!selected }, className)} aria-pressed={selected} {...rest}>
      {selected ? <CheckIcon size={16} strokeWidth={2.5} /> : icon}
      {children}
    </button>
  );
}

/** A row of chips that wraps. */
export function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="chip-group">
      {children}
    </div>
  );
}
