import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs antd asks for; give it inert stand-ins. Every min-width query matches,
// so the screens render as on a wide laptop.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom cannot compute styles of pseudo-elements and says so on every antd render.
const getComputedStyleOriginal = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyleOriginal(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
