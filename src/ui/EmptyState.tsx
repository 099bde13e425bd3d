import type { ReactNode } from 'react';
import { cx } from './cx';

type Props = {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** The title's heading level in the page outline. */
  level?: 2 | 3;
  className?: string;
};

/** What a list shows when it has nothing yet: an icon in a soft circle, a title, a line of help, one action. */
export function EmptyState({ icon, title, description, action, level = 2, className }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={cx('ui-empty', className)}>
      {icon ? (
        <div className="ui-empty-icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="ui-empty-title">{title}</Heading>
      {description ? <p className="ui-empty-description">{description}</p> : null}
      {action ? <div className="ui-empty-action">{action}</div> : null}
    </div>
  );
}
