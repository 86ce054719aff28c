/** Registered by then even if the page never goes idle (a busy chart). */
const IDLE_WAIT_MAX_MS = 10_000;

/**
 * Registers /sw.js (built from service-worker.js) once the page has loaded and the main thread is
 * idle, so it never competes with the first screen (its install fetches the shell), then hands it
 * the assets this page already fetched: a reload offline finds them in its cache. Production builds
 * only: the dev server has no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register('/sw.js');
      const registration = await navigator.serviceWorker.ready;
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/assets/'));
      registration.active?.postMessage({ type: 'cache-assets', urls });
    } catch {
      // No service worker (private mode, an old browser): the app works online as before.
    }
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => void register(), { timeout: IDLE_WAIT_MAX_MS });
    } else setTimeout(() => void register(), 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
