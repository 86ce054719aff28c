import { useEffect } from 'react';

/** Trading screens are dark (DESIGN.md 7): the whole document follows while one is mounted. */
export function useDarkTheme(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = 'dark';
    return () => {
      delete root.dataset.theme;
    };
  }, []);
}
