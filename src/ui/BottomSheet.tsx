import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { type MouseEvent as ReactMouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { IconButton } from './Button';
import { cx } from './cx';
import { CloseIcon } from './icons';

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Sticky actions at the bottom of the sheet (Apply, Done). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * A modal sheet that slides up from the bottom, for pickers (payment method, vehicle, filters). Built on <dialog>
 * with showModal(): the browser traps focus, closes on Escape and makes the rest inert. A press on the backdrop
 * closes it too, and focus goes back to what opened it.
 */
export function BottomSheet({ open, onClose, title, description, footer, children, className }: Props) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Start on the current choice of a picker (the browser would pick the close button, the first focusable).
      dialog.querySelector<HTMLElement>('[data-autofocus], input[type="radio"]:checked')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Unmounting while open (the page navigated away) must not leave focus nowhere.
  useEffect(() => () => opener.current?.focus(), []);

  function onDialogClose() {
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    onClose();
  }

  // A press whose target is the <dialog> itself landed on the backdrop: the content fills the dialog box.
  function onClick(event: ReactMouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) ref.current?.close();
  }

  return (
    <dialog
      ref={ref}
      className={cx('ui-sheet', className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onDialogClose}
      onClick={onClick}
    >
      <div className="ui-sheet-panel">
        <div className="ui-sheet-handle" aria-hidden="true" />
        <header className="ui-sheet-header">
          <h2 id={titleId} className="ui-sheet-title">
            {title}
          </h2>
          <IconButton
            label={i18n._(msg`Close`)}
            icon={<CloseIcon size={22} />}
            className="ui-sheet-close"
            onClick={() => ref.current?.close()}
          />
        </header>
        {description ? (
          <p id={descriptionId} className="ui-sheet-description">
            {description}
          </p>
        ) : null}
        <div className="ui-sheet-body">{open ? children : null}</div>
        {footer && open ? <div className="ui-sheet-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
