import { type ReactNode, useEffect, useRef } from 'react';
import { HOLD_TO_BYPASS_MS } from '../model/geofence';

type Props = { onClick: () => void; onHeld: () => void; className?: string; children: ReactNode };

/** A button that does its job on a click, and something else when pressed and held for 5 s (pointer or keyboard). */
export function HoldButton({ onClick, onHeld, className, children }: Props) {
  const timer = useRef<number | null>(null);
  const held = useRef(false);

  const start = () => {
    if (timer.current !== null) return;
    held.current = false;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      held.current = true;
      onHeld();
    }, HOLD_TO_BYPASS_MS);
  };
  const stop = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  // Clear a pending hold when the button goes away.
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return (
    <button
      type="button"
      className={className}
      onPointerDown={start}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onKeyDown={(e) => {
        if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) start();
      }}
      onKeyUp={stop}
      onContextMenu={(e) => e.preventDefault()}
      onClick={() => {
        // A long press ends in a click too: it must not also do the button's short-press job.
        if (held.current) {
          held.current = false;
          return;
        }
        onClick();
      }}
    >
      {children}
    </button>
  );
}
