import { type ReactNode, useEffect, useRef } from 'react';

type Props = { open: boolean; onClose: () => void; labelledBy: string; children: ReactNode; className?: string };

/** A modal built on <dialog>: focus trap, Escape to close and the backdrop come from the browser. */
export function Dialog({ open, onClose, labelledBy, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={labelledBy} onClose={onClose} className={`dialog ${className ?? ''}`}>
      {open ? children : null}
    </dialog>
  );
}
