// The head of a result or waiting screen (finish, cancel, offline): a big icon in a soft circle, the page's h1, a line
// of text. The kit's EmptyState is the same shape for lists (h2/h3); a page needs its h1.
import type { ReactNode } from 'react';
import { cx } from '../../../ui';
import './pay.css';

type Tone = 'brand' | 'success' | 'warning' | 'neutral';

export function ResultHero({
  icon,
  title,
  tone = 'brand',
  children,
  titleId,
  compact = false,
}: {
  icon: ReactNode;
  title: ReactNode;
  tone?: Tone;
  children?: ReactNode;
  titleId?: string;
  /** Smaller, for a screen where what follows (a receipt) matters more than the head. */
  compact?: boolean;
}) {
  return (
    <div className={cx('pay-hero', `pay-hero--${tone}`, compact && 'pay-hero--compact')}>
      <span className="pay-hero-icon" aria-hidden="true">
        {icon}
      </span>
      <h1 id={titleId} className="pay-hero-title">
        {title}
      </h1>
      {children ? <p className="pay-hero-text">{children}</p> : null}
    </div>
  );
}

/** An icon above a Dialog's title, in the same soft circle. */
export function DialogIcon({ children, tone = 'brand' }: { children: ReactNode; tone?: Tone }) {
  return (
    <span className={cx('pay-dialog-icon', `pay-hero--${tone}`)} aria-hidden="true">
      {children}
    </span>
  );
}
