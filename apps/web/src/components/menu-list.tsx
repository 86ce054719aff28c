import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface MenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  extra?: ReactNode;
  isDanger?: boolean;
}

/** A group of full-width rows, each at least 52 px tall: links, or a button for actions. */
export function MenuList({ title, entries }: { title: string; entries: MenuEntry[] }) {
  return (
    <section className="menu" aria-label={title}>
      <h2 className="menu__title">{title}</h2>
      <ul className="menu__list">
        {entries.map((entry) => {
          const content = (
            <>
              <span className="menu__icon" aria-hidden="true">
                {entry.icon}
              </span>
              <span className="menu__label">{entry.label}</span>
              {entry.extra && <span className="menu__extra">{entry.extra}</span>}
              {entry.to && <RightOutline className="menu__arrow" aria-hidden="true" />}
            </>
          );
          const className = `menu__row${entry.isDanger ? ' menu__row--danger' : ''}`;
          return (
            <li key={entry.key}>
              {entry.to ? (
                <Link className={className} to={entry.to}>
                  {content}
                </Link>
              ) : (
                <button type="button" className={className} onClick={entry.onClick}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
