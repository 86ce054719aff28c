import { createContext, type ReactNode, useContext } from 'react';

/**
 * A band another feature puts at the top of a screen (the practice switch on the trading screens,
 * issue 14): the app wraps the page in `PageBanner` (app/router.tsx) and the page shows it under its
 * top bar (`NavPage` does), so the page's feature never imports the other one.
 */
const PageBannerContext = createContext<ReactNode>(null);

export function PageBanner({ banner, children }: { banner: ReactNode; children: ReactNode }) {
  return <PageBannerContext.Provider value={banner}>{children}</PageBannerContext.Provider>;
}

export function usePageBanner(): ReactNode {
  return useContext(PageBannerContext);
}
