import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { currentLang, useTranslation } from '../lib/i18n';
import { antdLocaleOf } from '../lib/i18n/antd-locale';
import type { AppRouter } from './router';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AntdLocale>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdLocale>
  );
}

/** antd-mobile speaks the app's language, and switches with it. */
export function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation(); // re-renders on a language change
  const locale = antdLocaleOf(currentLang());
  return locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : children;
}
