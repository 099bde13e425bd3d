import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';

/**
 * The loading container: one polite status ("Loading…", or a more precise label) for screen readers, while the grey
 * shapes inside stay hidden from them. aria-busy tells assistive tech the region is still filling.
 */
export function Loading({ label, children, className }: { label?: string; children: ReactNode; className?: string }) {
  const { i18n } = useLingui();
  return (
    <div className={cx('ui-loading', className)} role="status" aria-busy="true">
      <span className="visually-hidden">{label ?? i18n._(msg`Loading…`)}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

type ShapeProps = { width?: string; height?: string; radius?: string; className?: string };

/** A grey block with a soft shimmer. Use inside <Loading>. */
export function Skeleton({ width, height, radius, className }: ShapeProps) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span className={cx('ui-skeleton', className)} style={style} />;
}

/** Lines of text; the last one shorter, as a paragraph ends. */
export function SkeletonText({ lines = 3, size = 'md' }: { lines?: number; size?: 'md' | 'lg' | 'title' }) {
  return (
    <span className={cx('ui-skeleton-text', `ui-skeleton-text--${size}`)}>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '62%' : '100%'} className="ui-skeleton-line" />
      ))}
    </span>
  );
}

/** Placeholder rows shaped like ListItem rows (leading circle, two lines, a trailing value). */
export function SkeletonList({ rows = 3 }: { rows?: number }) {
  return (
    <span className="ui-skeleton-list">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <span key={i} className="ui-skeleton-row">
          <Skeleton width="2.5rem" height="2.5rem" radius="50%" />
          <span className="ui-skeleton-row-text">
            <Skeleton width="58%" className="ui-skeleton-line" />
            <Skeleton width="36%" className="ui-skeleton-line ui-skeleton-line--sm" />
          </span>
          <Skeleton width="3.5rem" className="ui-skeleton-line" />
        </span>
      ))}
    </span>
  );
}
