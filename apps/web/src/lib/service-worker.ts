/**
 * Registers /sw.js (built from service-worker.js) once the page has loaded, so it never competes
 * with the first screen, then hands it the assets this page already fetched: a reload offline
 * finds them in its cache. Production builds only: the dev server has no sw.js.
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
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
