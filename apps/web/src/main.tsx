import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyStoredRiseColor } from './lib/rise-colors';
import './styles/global.css';

// antd-mobile's React 19 render hook (see lib/antd-render.ts). Loaded beside the first screen rather
// than in front of it: it pulls antd-mobile's legacy renderer, and nothing can open a Toast before
// a page is interactive anyway (and every Toast/Dialog module installs it as well).
void import('./lib/antd-render').then(({ setupAntdRender }) => setupAntdRender());

applyStoredRiseColor();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');

// The router starts fetching the page chunk now, in parallel with the language chunk.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
void initI18n().then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
});
