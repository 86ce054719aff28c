import type { ReactNode } from 'react';

interface PlaceholderSectionProps {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}

/** An honest "being prepared" panel for sections that later work fills in. */
export function PlaceholderSection({ icon, title, text, children }: PlaceholderSectionProps) {
  return (
    <section className="placeholder">
      <div className="placeholder__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="placeholder__title">{title}</h2>
      <p className="placeholder__text">{text}</p>
      {children}
    </section>
  );
}
