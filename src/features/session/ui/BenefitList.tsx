import type { ReactNode } from 'react';
import { cx } from '../../../ui';
import './sign-in.css';

export type Benefit = { icon: ReactNode; title: ReactNode; text?: ReactNode };

/** What the driver gets, each with an icon: rows (register) or three tiles side by side (landing). */
export function BenefitList({ items, layout = 'rows' }: { items: Benefit[]; layout?: 'rows' | 'tiles' }) {
  return (
    <ul className={cx('benefit-list', `benefit-list--${layout}`)}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in the page
        <li key={index} className="benefit">
          <span className="benefit-icon" aria-hidden="true">
            {item.icon}
          </span>
          <span className="benefit-body">
            <span className="benefit-title">{item.title}</span>
            {item.text ? <span className="benefit-text">{item.text}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
