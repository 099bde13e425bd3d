import { cx } from './cx';

type Props = { size?: 'sm' | 'md' | 'lg'; label?: string; className?: string };

/** A turning ring. Decorative unless it has a label, then it is a status that screen readers announce. */
export function Spinner({ size = 'md', label, className }: Props) {
  const ring = <span className={cx('ui-spinner', `ui-spinner--${size}`, className)} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className="ui-spinner-status">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
