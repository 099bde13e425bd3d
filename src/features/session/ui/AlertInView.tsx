import { type ReactNode, useEffect, useRef } from 'react';
import { FormAlert } from '../../../ui';
import './sign-in.css';

/**
 * The form's alert, scrolled into view when it appears: the submit sits in the bottom bar, so a driver who scrolled
 * down a long form would otherwise not see why nothing happened (screen readers hear it anyway: it is an alert).
 */
export function AlertInView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!children;
  useEffect(() => {
    if (!shown) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [shown]);
  return (
    <div ref={ref} className="alert-in-view">
      <FormAlert>{children}</FormAlert>
    </div>
  );
}
