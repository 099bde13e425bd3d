import type { ReactNode } from 'react';
import { AlertIcon } from '../icons';

/** The form-level message after a failed submit; an alert, so it is announced at once. Renders nothing when empty. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-alert" role="alert">
      <AlertIcon className="form-alert-icon" size={20} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
