import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { useIsSignedIn } from '../lib/session';

// Issue 14: the reality check and the session time limit, on every screen while signed in; its chunk
// loads only then, so the first screen (/login) carries none of it.
const RealityCheck = lazy(() =>
  import('../features/responsible-trading/components/reality-check').then((m) => ({ default: m.RealityCheck })),
);
// A fired price alert shows as a toast on any screen (issue 15); loaded only for a signed-in user.
const PriceAlertToasts = lazy(() => import('../features/price-alerts/components/price-alert-toasts'));

/**
 * The frame of every screen: a thin progress bar while a page chunk loads, the offline notice, and
 * scroll restoration.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const isSignedIn = useIsSignedIn();
  return (
    <>
      {isSignedIn && (
        <Suspense fallback={null}>
          <PriceAlertToasts />
        </Suspense>
      )}
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <OfflineBanner />
      <Outlet />
      {isSignedIn && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}

export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <img src="/icon.svg" alt="" width={56} height={56} />
    </div>
  );
}
