import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSupportSocketFactory } from '../features/support/support-socket';

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

// Pages are lazy chunks and antd renders slowly in jsdom: the first screen of a file, on a busy
// machine, has taken over 5 s. A wait that fails still fails, only later.
// Role queries skip the visibility check, which costs a getComputedStyle per ancestor per element.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

// jsdom cannot compute styles of pseudo-elements and says so on every antd render.
const getComputedStyleOriginal = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyleOriginal(element);

// jsdom has no object URLs; images fetched with the session header are shown through them.
let objectUrlCount = 0;
URL.createObjectURL ??= () => {
  objectUrlCount += 1;
  return `blob:test/${objectUrlCount}`;
};
URL.revokeObjectURL ??= () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The support inbox's live socket: a socket that never opens, unless a test installs its own.
setSupportSocketFactory(() => ({
  readyState: 0,
  onopen: null,
  onclose: null,
  onmessage: null,
  send: () => {},
  close: () => {},
}));
