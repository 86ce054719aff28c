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

/** The same splash as index.html's: the logo (public/icon.svg) drawn inline, so it needs no request. */
export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <svg className="splash__logo" viewBox="0 0 512 512" width={56} height={56} aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="splash-bg" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4C82FF" />
            <stop offset="1" stopColor="#1F4FD8" />
          </linearGradient>
        </defs>
        <rect width="512" height="512" rx="112" fill="url(#splash-bg)" />
        <path d={LOGO_RISE} fill="none" stroke="#fff" strokeWidth="40" strokeLinecap="round" strokeLinejoin="round" />
        <path
          d={LOGO_ARROW}
          fill="none"
          stroke="#16C784"
          strokeWidth="40"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

const LOGO_RISE = 'M112 330 L200 250 L262 298 L388 170';
const LOGO_ARROW = 'M318 164 H394 V240';
