// A whole screen that says one thing (an error, maintenance, "check your inbox", "password changed"): an icon in a
// tinted circle, the page's one h1, a few lines, and its action in the sticky bar. The kit's EmptyState is the same
// look for a part of a page (its title is an h2 or h3), so a screen of its own needs this.
import { type ReactNode, useEffect, useRef } from 'react';
import { Page } from '../../../ui';
import './sign-in.css';

type Props = {
  icon: ReactNode;
  tone?: 'brand' | 'success' | 'warning' | 'danger';
  title: ReactNode;
  /** The lines under the title; a status (announced) when `live` is set. */
  children?: ReactNode;
  live?: boolean;
  /** The screen's action(s): the sticky bar. */
  actions?: ReactNode;
  /** More below the text (a notice). */
  extra?: ReactNode;
  /** Put focus on the title when the screen appears in place of a form (the focused button is gone). */
  focusTitle?: boolean;
};

export function StatusScreen({ icon, tone = 'brand', title, children, live, actions, extra, focusTitle }: Props) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <Page align="center" className="sign-in-page status-screen" actions={actions}>
      <div className={`status-screen-icon status-screen-icon--${tone}`} aria-hidden="true">
        {icon}
      </div>
      <h1 ref={titleRef} className="status-screen-title" tabIndex={-1}>
        {title}
      </h1>
      {children ? (
        <div className="status-screen-text" role={live ? 'status' : undefined}>
          {children}
        </div>
      ) : null}
      {extra}
    </Page>
  );
}
