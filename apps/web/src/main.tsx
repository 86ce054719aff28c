import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupAntdRender } from './lib/antd-render';
import './styles/global.css';

setupAntdRender();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
