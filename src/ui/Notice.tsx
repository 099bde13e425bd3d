import type { ReactNode } from 'react';
import { cx } from './cx';
import { AlertIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

export type Tone = 'info' | 'success' | 'warning' | 'danger';

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: AlertIcon } as const;

type Props = {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /**
   * How it is announced: 'alert' interrupts (errors), 'status' waits politely, 'none' for text present from the
   * start. Defaults: danger is an alert, the others a status.
   */
  live?: 'alert' | 'status' | 'none';
  className?: string;
};

/** A message in a tinted box with an icon; the icon shape and the title tell the tone, not the colour alone. */
export function Notice({ tone = 'info', title, children, action, live, className }: Props) {
  const Icon = ICONS[tone];
  const role = live ?? (tone === 'danger' ? 'alert' : 'status');
  return (
    <div className={cx('ui-notice', `ui-notice--${tone}`, className)} role={role === 'none' ? undefined : role}>
      <Icon className="ui-notice-icon" size={20} aria-hidden="true" />
      <div className="ui-notice-content">
        {title ? <p className="ui-notice-title">{title}</p> : null}
        {children ? <div className="ui-notice-text">{children}</div> : null}
        {action ? <div className="ui-notice-action">{action}</div> : null}
      </div>
    </div>
  );
}
