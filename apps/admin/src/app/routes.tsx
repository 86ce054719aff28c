import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AdminLayout } from './layout/admin-layout';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

// Pages load on demand; the layout's Suspense keeps the menu and header on screen meanwhile.
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const UsersRoute = lazy(() => import('./routes/users').then((m) => ({ default: m.UsersRoute })));
const AdminsRoute = lazy(() => import('./routes/admins').then((m) => ({ default: m.AdminsRoute })));
const AuditRoute = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditRoute })));
const KycRoute = lazy(() => import('./routes/kyc').then((m) => ({ default: m.KycRoute })));
const DepositsRoute = lazy(() => import('./routes/deposits').then((m) => ({ default: m.DepositsRoute })));
const WithdrawalsRoute = lazy(() => import('./routes/withdrawals').then((m) => ({ default: m.WithdrawalsRoute })));
const DepositAddressesRoute = lazy(() =>
  import('./routes/deposit-addresses').then((m) => ({ default: m.DepositAddressesRoute })),
);
const JournalsRoute = lazy(() => import('./routes/journals').then((m) => ({ default: m.JournalsRoute })));
const ReconciliationRoute = lazy(() =>
  import('./routes/reconciliation').then((m) => ({ default: m.ReconciliationRoute })),
);
const ProductsRoute = lazy(() => import('./routes/products').then((m) => ({ default: m.ProductsRoute })));
const OrdersRoute = lazy(() => import('./routes/orders').then((m) => ({ default: m.OrdersRoute })));
const NoticesRoute = lazy(() => import('./routes/notices').then((m) => ({ default: m.NoticesRoute })));
const HelpArticlesRoute = lazy(() => import('./routes/help-articles').then((m) => ({ default: m.HelpArticlesRoute })));
const EarnProductsRoute = lazy(() => import('./routes/earn-products').then((m) => ({ default: m.EarnProductsRoute })));
const BanksRoute = lazy(() => import('./routes/banks').then((m) => ({ default: m.BanksRoute })));
const FlexibleEarnRoute = lazy(() => import('./routes/flexible-earn').then((m) => ({ default: m.FlexibleEarnRoute })));
const SupportRoute = lazy(() => import('./routes/support').then((m) => ({ default: m.SupportRoute })));
const SettingsRoute = lazy(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute })));

export const ROUTES: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense>
            <LoginRoute />
          </Suspense>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'users', element: <UsersRoute /> },
          { path: 'support', element: <SupportRoute /> },
          { path: 'kyc', element: <KycRoute /> },
          { path: 'deposits', element: <DepositsRoute /> },
          { path: 'withdrawals', element: <WithdrawalsRoute /> },
          { path: 'deposit-addresses', element: <DepositAddressesRoute /> },
          { path: 'ledger', element: <JournalsRoute /> },
          { path: 'reconciliation', element: <ReconciliationRoute /> },
          { path: 'products', element: <ProductsRoute /> },
          { path: 'orders', element: <OrdersRoute /> },
          { path: 'notices', element: <NoticesRoute /> },
          { path: 'help-articles', element: <HelpArticlesRoute /> },
          { path: 'earn-products', element: <EarnProductsRoute /> },
          { path: 'flexible-earn', element: <FlexibleEarnRoute /> },
          { path: 'banks', element: <BanksRoute /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'admins', element: <AdminsRoute /> },
          { path: 'audit', element: <AuditRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
