import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network; follows the online/offline events. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says so when the phone is offline: the screen may be showing the cached app, and nothing about
 * money is refreshed until the network is back (then the queries refetch on their own).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className="offline-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
