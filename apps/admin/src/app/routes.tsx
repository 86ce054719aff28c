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
          { path: 'admins', element: <AdminsRoute /> },
          { path: 'audit', element: <AuditRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
