import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { type AppRouter, createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyStoredRiseColor } from './lib/rise-colors';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

// antd-mobile's React 19 render hook (lib/antd-render.ts) is installed by the modules that open a
// Toast or Dialog (lib/toast.ts, lib/dialog.ts), which load when first needed: /login stays light.

applyStoredRiseColor();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');

// The router starts fetching the page chunk now, in parallel with the language chunk. React renders
// once both are there: what index.html shows (the splash, or the first screen's outline) stays on
// screen until the page replaces it in one commit, instead of a splash rendered in between.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// A transition: React renders the first screen in slices, yielding to the browser between them,
// instead of one long task a slow phone cannot answer a tap during (what index.html shows stays
// until the commit).
void Promise.all([initI18n(), routerReady(router)]).then(() => {
  const root = createRoot(rootElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
});
registerServiceWorker();

/** Resolves when the router has loaded the first route's modules (or met their error). */
function routerReady(appRouter: AppRouter): Promise<void> {
  if (appRouter.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
