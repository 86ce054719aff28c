import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot, createQueryClient } from './app/app';
import { ROUTES } from './app/routes';

const router = createBrowserRouter(ROUTES, { basename: '/admin' });
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <AppRoot router={router} queryClient={queryClient} />
  </StrictMode>,
);
