import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageActions } from '../components/page-actions';
import { PageBanner } from '../components/page-banner';
import { setApiEventHandlers } from '../lib/api/client';
import { loadScreenTexts } from '../lib/i18n';
import { clearSessionData } from '../lib/query-client';
import { loginPathFor } from '../lib/redirect';
import { installConfigRevalidation } from './config-title';
import { RequireAuth } from './require-auth';
import { RootLayout, Splash } from './root-layout';
import { RouteError } from './route-error';

type PageModule = Promise<{ default: ComponentType }>;

/** Every page is its own chunk; it renders once its chunk and the screens' texts are both there. */
function page(load: () => PageModule) {
  return async () => {
    const [module] = await Promise.all([load(), loadScreenTexts()]);
    return { Component: module.default };
  };
}

/**
 * A page with actions of another feature in its top bar (the statement export on fund details and
 * order records): the app composes them, so neither feature imports the other.
 */
function pageWithActions(load: () => PageModule, loadActions: () => Promise<ReactNode>) {
  return async () => {
    const [module, actions] = await Promise.all([load(), loadActions(), loadScreenTexts()]);
    const Page = module.default;
    return {
      Component: () => (
        <PageActions actions={actions}>
          <Page />
        </PageActions>
      ),
    };
  };
}

/**
 * A trading screen (issue 14): the practice switch and band sit at its top, composed here so the
 * markets feature never imports the practice feature.
 */
function tradingPage(load: () => PageModule, loadActions?: () => Promise<ReactNode>) {
  return async () => {
    const [module, bar, actions] = await Promise.all([
      load(),
      import('../features/practice/components/practice-bar').then(({ PracticeBar }) => <PracticeBar />),
      loadActions?.() ?? null,
      loadScreenTexts(),
    ]);
    const Page = module.default;
    const page = (
      <PageBanner banner={bar}>
        <Page />
      </PageBanner>
    );
    return { Component: () => (actions ? <PageActions actions={actions}>{page}</PageActions> : page) };
  };
}

const statementExport = (kind: 'fund' | 'orders') => () =>
  import('../features/statements/components/statement-export').then(({ StatementExport }) => (
    <StatementExport kind={kind} />
  ));

/**
 * The first screens (sign-in, sign-up, language, colours, not found) need only the texts that load
 * before the app starts (lib/i18n): /login, a visitor's first screen, loads no other screen's texts.
 */
function firstPage(load: () => PageModule) {
  return async () => ({ Component: (await load()).default });
}

/**
 * A route's loader that starts a query its page will read, and returns at once: the page chunk and
 * the data load side by side, and navigation never waits for the data (the page shows its loading
 * state as before).
 */
function prefetch(start: () => Promise<unknown>) {
  return () => {
    void start().catch(() => undefined);
    return null;
  };
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Splash />,
      children: [
        {
          lazy: async () => {
            const [module] = await Promise.all([import('./tab-layout'), loadScreenTexts()]);
            return { Component: module.TabLayout };
          },
          children: [
            { index: true, lazy: page(() => import('../features/home/pages/home-page')) },
            {
              path: 'hq',
              // The list is asked for with the page's chunk, not once the page has rendered.
              loader: prefetch(() =>
                import('../lib/api/get-quotes').then((m) => queryClient.prefetchQuery(m.quotesQueryOptions())),
              ),
              lazy: tradingPage(() => import('../features/markets/pages/quotes-page')),
            },
            { path: 'lc', lazy: page(() => import('../features/earn/pages/products-page')) },
            { path: 'kf', lazy: page(() => import('../features/support/pages/support-page')) },
            {
              element: <RequireAuth />,
              children: [{ path: 'my', lazy: page(() => import('../features/account/pages/my-page')) }],
            },
          ],
        },
        { path: 'login', lazy: firstPage(() => import('../features/auth/pages/login-page')) },
        { path: 'reg', lazy: firstPage(() => import('../features/auth/pages/register-page')) },
        { path: 'lang', lazy: firstPage(() => import('../features/settings/pages/lang-page')) },
        { path: 'colors', lazy: firstPage(() => import('../features/settings/pages/rise-color-page')) },
        { path: 'xq', lazy: tradingPage(() => import('../features/markets/pages/product-page')) },
        { path: 'bz', lazy: page(() => import('../features/content/pages/help-centre-page')) },
        { path: 'bz2', lazy: page(() => import('../features/content/pages/help-article-page')) },
        { path: 'notice', lazy: page(() => import('../features/content/pages/notices-page')) },
        { path: 'noticedetail', lazy: page(() => import('../features/content/pages/notice-detail-page')) },
        { path: 'lcdetail', lazy: page(() => import('../features/earn/pages/wealth-detail-page')) },
        { path: 'fair', lazy: page(() => import('../features/fair-receipts/pages/fair-page')) },
        {
          element: <RequireAuth />,
          children: [
            { path: 'loginpassword', lazy: page(() => import('../features/account/pages/login-password-page')) },
            { path: 'sessions', lazy: page(() => import('../features/sessions/pages/sessions-page')) },
            { path: 'notifications', lazy: page(() => import('../features/notifications/pages/notifications-page')) },
            {
              path: 'notificationSettings',
              lazy: page(() => import('../features/notifications/pages/notification-settings-page')),
            },
            { path: 'twofactor', lazy: page(() => import('../features/two-factor/pages/two-factor-page')) },
            { path: 'passkeys', lazy: page(() => import('../features/passkeys/pages/passkeys-page')) },
            { path: 'responsible', lazy: page(() => import('../features/responsible-trading/pages/responsible-page')) },
            { path: 'pricealerts', lazy: page(() => import('../features/price-alerts/pages/price-alerts-page')) },
            { path: 'txpassword', lazy: page(() => import('../features/account/pages/set-pay-password-page')) },
            {
              path: 'resetTxpassword',
              lazy: page(() => import('../features/account/pages/change-pay-password-page')),
            },
            { path: 'wallet', lazy: page(() => import('../features/wallet/pages/wallet-page')) },
            { path: 'recharge', lazy: page(() => import('../features/wallet/pages/recharge-page')) },
            { path: 'recharge2', lazy: page(() => import('../features/wallet/pages/recharge-address-page')) },
            { path: 'depositrecord', lazy: page(() => import('../features/wallet/pages/deposit-records-page')) },
            { path: 'withdraw', lazy: page(() => import('../features/wallet/pages/withdraw-page')) },
            { path: 'withdrawrecord', lazy: page(() => import('../features/wallet/pages/withdrawal-records-page')) },
            { path: 'bindBankCard', lazy: page(() => import('../features/wallet/pages/bind-bank-card-page')) },
            { path: 'bindWallet', lazy: page(() => import('../features/wallet/pages/bind-wallet-page')) },
            {
              path: 'runningwater',
              lazy: pageWithActions(
                () => import('../features/wallet/pages/running-water-page'),
                statementExport('fund'),
              ),
            },
            {
              path: 'liabilities',
              lazy: page(() => import('../features/fair-liabilities/pages/liabilities-page')),
            },
            { path: 'realname', lazy: page(() => import('../features/identity/pages/realname-page')) },
            { path: 'trade', lazy: tradingPage(() => import('../features/markets/pages/trade-page')) },
            {
              path: 'orderrecord',
              lazy: tradingPage(
                () => import('../features/markets/pages/order-records-page'),
                statementExport('orders'),
              ),
            },
            { path: 'record', lazy: tradingPage(() => import('../features/markets/pages/history-page')) },
            { path: 'orderdetail', lazy: page(() => import('../features/markets/pages/order-detail-page')) },
            { path: 'fairverify', lazy: page(() => import('../features/fair-receipts/pages/receipt-page')) },
            { path: 'lcorders', lazy: page(() => import('../features/earn/pages/wealth-orders-page')) },
            { path: 'revenue', lazy: page(() => import('../features/earn/pages/wealth-revenue-page')) },
            { path: 'defi', lazy: page(() => import('../features/earn/pages/defi-page')) },
            { path: 'yqhy', lazy: page(() => import('../features/referral/pages/invite-page')) },
          ],
        },
        { path: '*', lazy: firstPage(() => import('./not-found-page')) },
      ],
    },
  ]);

  setApiEventHandlers({
    onUnauthorized: (returnTo) => {
      clearSessionData(queryClient);
      void router.navigate(loginPathFor(returnTo), { replace: true });
    },
    onPasswordChangeRequired: (returnTo) => {
      if (window.location.pathname === '/loginpassword') return;
      void router.navigate(`/loginpassword?redirect=${encodeURIComponent(returnTo)}`, { replace: true });
    },
  });
  installConfigRevalidation(router, queryClient);
  return router;
}
