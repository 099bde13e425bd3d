import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../Button';

/** The form's submit: disabled with a spinner and aria-busy while the submit is pending. */
export function SubmitButton({
  pending,
  children,
  variant,
  icon,
}: {
  pending: boolean;
  children: ReactNode;
  variant?: ButtonVariant;
  icon?: ReactNode;
}) {
  return (
    <Button type="submit" variant={variant} loading={pending} icon={icon}>
      {children}
    </Button>
  );
}
