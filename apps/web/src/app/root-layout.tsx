import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';

/**
 * The frame of every screen: a thin progress bar while a page chunk loads, the offline notice, and
 * scroll restoration.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <OfflineBanner />
      <Outlet />
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
