import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupAntdRender } from '../lib/antd-render';

setupAntdRender();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
