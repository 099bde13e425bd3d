import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

type Props = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article';
  padding?: 'none' | 'md' | 'lg';
  tone?: 'default' | 'brand' | 'sunken';
  children: ReactNode;
};

/** A white surface with a soft shadow that groups related content. */
export function Card({ as: Tag = 'div', padding = 'md', tone = 'default', className, children, ...rest }: Props) {
  return (
    <Tag
      className={cx(
        'ui-card',
        padding !== 'md' && `ui-card--pad-${padding}`,
        tone !== 'default' && `ui-card--${tone}`,
        className,
      )}
      {...rest}
    >
      {children}
    </Tag>
  );
}
