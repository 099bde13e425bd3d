import { type ReactNode, useId } from 'react';
import { cx } from './cx';
import { ChevronRightIcon } from './icons';

type ListProps = { header?: ReactNode; footer?: ReactNode; children: ReactNode; className?: string; inset?: boolean };

/** A group of rows on a card, with an optional heading that also names the list for screen readers. */
export function List({ header, footer, children, className, inset = true }: ListProps) {
  const id = useId();
  return (
    <div className={cx('ui-list', inset && 'ui-list--card', className)}>
      {header ? (
        <h2 id={id} className="ui-list-header">
          {header}
        </h2>
      ) : null}
      <ul className="ui-list-items" aria-labelledby={header ? id : undefined}>
        {children}
      </ul>
      {footer ? <p className="ui-list-footer">{footer}</p> : null}
    </div>
  );
}

/** What a row element receives when the row is rendered by the caller (a router <Link>). */
export type RowProps = { className: string; children: ReactNode };

type ItemProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  leading?: ReactNode;
  /** A value at the end (an amount, a status); a chevron follows it when the row leads somewhere. */
  trailing?: ReactNode;
  chevron?: boolean;
  tone?: 'default' | 'danger';
  className?: string;
} & (
  | { onClick: () => void; href?: never; render?: never; disabled?: boolean }
  | { href: string; onClick?: never; render?: never; target?: string; rel?: string }
  | { render: (row: RowProps) => ReactNode; onClick?: never; href?: never }
  | { onClick?: never; href?: never; render?: never }
);

/**
 * A 56 px+ row: leading icon or avatar, title, subtitle, a trailing value or chevron. A button with onClick, a link
 * with href, any element with render (`render={(row) => <Link to="/profile/cars" {...row} />}`), else static.
 */
export function ListItem(props: ItemProps) {
  const { title, subtitle, leading, trailing, tone = 'default', className } = props;
  const interactive = 'onClick' in props || 'href' in props || 'render' in props;
  const chevron = props.chevron ?? (interactive && props.onClick === undefined);
  const content = (
    <>
      {leading ? (
        <span className="ui-row-leading" aria-hidden="true">
          {leading}
        </span>
      ) : null}
      <span className="ui-row-text">
        <span className="ui-row-title">{title}</span>
        {subtitle ? <span className="ui-row-subtitle">{subtitle}</span> : null}
      </span>
      {trailing !== undefined && trailing !== null ? <span className="ui-row-trailing">{trailing}</span> : null}
      {chevron ? <ChevronRightIcon className="ui-row-chevron" size={20} aria-hidden="true" /> : null}
    </>
  );
  const rowClass = cx('ui-row', interactive && 'ui-row--action', tone === 'danger' && 'ui-row--danger');
  let row: ReactNode;
  if (props.render) row = props.render({ className: rowClass, children: content });
  else if (props.href !== undefined)
    row = (
      <a className={rowClass} href={props.href} target={props.target} rel={props.rel}>
        {content}
      </a>
    );
  else if (props.onClick)
    row = (
      <button type="button" className={rowClass} onClick={props.onClick} disabled={props.disabled}>
        {content}
      </button>
    );
  else row = <div className={rowClass}>{content}</div>;
  return <li className={cx('ui-list-item', className)}>{row}</li>;
}
