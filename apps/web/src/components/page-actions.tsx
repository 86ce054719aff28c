import { createContext, type ReactNode, useContext } from 'react';

/**
 * Actions another feature adds to a screen's top bar (a statement export on fund details and order
 * records): the app wraps the page in `PageActions` (app/router.tsx) and `NavPage` shows them, so the
 * page's feature never imports the other one (features do not import each other).
 */
const PageActionsContext = createContext<ReactNode>(null);

export function PageActions({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return <PageActionsContext.Provider value={actions}>{children}</PageActionsContext.Provider>;
}

export function usePageActions(): ReactNode {
  return useContext(PageActionsContext);
}
