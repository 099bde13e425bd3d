import { type ReactNode, useId, useState } from 'react';
import { cx } from './cx';
import { pageFadesIn } from './page-motion';

type PageProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Small line above the title ("Pump 4 · Diesel"). */
  eyebrow?: ReactNode;
  /** The primary action(s): shown in the sticky bottom bar, within thumb reach. */
  actions?: ReactNode;
  /** Content after the main column, above the action bar (legal lines, secondary links). */
  footer?: ReactNode;
  align?: 'start' | 'center';
  className?: string;
  children?: ReactNode;
};

/**
 * A screen: a centred column for 360 px phones up to 560 px, an optional heading block and a sticky action bar.
 * The bar is sticky, not fixed: it takes its own room at the end of the page, so it never hides content.
 */
export function Page({
  title,
  description,
  eyebrow,
  actions,
  footer,
  align = 'start',
  className,
  children,
}: PageProps) {
  // Decided when the page mounts: a page does not start fading when a later navigation begins (ui/page-motion.ts).
  const [fades] = useState(pageFadesIn);
  return (
    <div className={cx('ui-page', fades && 'ui-page--enter', align === 'center' && 'ui-page--center', className)}>
      {title || description || eyebrow ? (
        <header className="ui-page-header">
          {eyebrow ? <p className="ui-page-eyebrow">{eyebrow}</p> : null}
          {title ? <h1 className="ui-page-title">{title}</h1> : null}
          {description ? <p className="ui-page-description">{description}</p> : null}
        </header>
      ) : null}
      <div className="ui-page-body">{children}</div>
      {footer ? <div className="ui-page-footer">{footer}</div> : null}
      {actions ? <PageActions>{actions}</PageActions> : null}
    </div>
  );
}

/** The sticky bottom bar; use it directly when the actions are built further down the tree. */
export function PageActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('ui-action-bar', className)}>{children}</div>;
}

Page.Actions = PageActions;

/** A titled group of content inside a page. */
export function Section({
  title,
  action,
  children,
  className,
  titleId,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  titleId?: string;
}) {
  const autoId = useId();
  const id = titleId ?? autoId;
  return (
    <section className={cx('ui-section', className)} aria-labelledby={title ? id : undefined}>
      {title ? (
        <div className="ui-section-head">
          <h2 id={id} className="ui-section-title">
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
