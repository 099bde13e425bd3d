import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';
type Look = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

/**
 * The class names of a button, for anything that should look like one (a router <Link>, an <a>):
 * `<Link to="/register" className={buttonClass({ variant: 'secondary' })}>`. The names are the ones today's screens
 * use (`button secondary small`), so kit buttons and landed markup look the same.
 */
export function buttonClass({ variant = 'primary', size = 'md', fullWidth = true }: Look = {}, className?: string) {
  return cx(
    'button',
    variant !== 'primary' && variant,
    size === 'sm' && 'small',
    size === 'lg' && 'large',
    !fullWidth && size !== 'sm' && 'inline',
    className,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    /** Shows a spinner, sets aria-busy and blocks presses; the label stays so the button keeps its size and name. */
    loading?: boolean;
    icon?: ReactNode;
    iconEnd?: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  icon,
  iconEnd,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
      {iconEnd}
    </button>
  );
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** The button's accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  variant?: 'plain' | 'tonal' | 'outline';
  ref?: Ref<HTMLButtonElement>;
};

/** A 44 × 44 (or larger) button showing only an icon. */
export function IconButton({ label, icon, variant = 'plain', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cx('icon-button', variant !== 'plain' && `icon-button--${variant}`, className)}
      {...rest}
    >
      {icon}
    </button>
  );
}
