import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { IconButton } from './Button';
import { cx } from './cx';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import { type Toast, toast } from './toast-store';

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: AlertIcon } as const;

/**
 * Where toasts appear: above the action bar, announced politely. The live region is always in the page (a region
 * added together with its text is not announced). Timers pause while a pointer is over it or focus is inside.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toast.subscribe, toast.snapshot, toast.snapshot);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  return (
    <div
      className="ui-toaster"
      aria-live="polite"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} paused={paused} />
      ))}
    </div>
  );
}

function ToastView({ toast: t, paused }: { toast: Toast; paused: boolean }) {
  const { i18n } = useLingui();
  const remaining = useRef(t.duration);
  const Icon = ICONS[t.tone];

  useEffect(() => {
    if (paused || t.duration <= 0) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(t.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, t.id, t.duration]);

  return (
    <div className={cx('ui-toast', `ui-toast--${t.tone}`)}>
      <Icon className="ui-toast-icon" size={20} aria-hidden="true" />
      <p className="ui-toast-text">{t.text}</p>
      <IconButton
        label={i18n._(msg`Close`)}
        icon={<CloseIcon size={18} />}
        className="ui-toast-close"
        onClick={() => toast.dismiss(t.id)}
      />
    </div>
  );
}
