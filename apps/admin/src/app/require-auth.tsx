import { Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { STRINGS } from '../config/strings';
import { useMe } from '../features/auth/api/get-me';
import { getAuthToken } from '../lib/auth-token';
import { CurrentAdminProvider } from './current-admin';

/** Everything but the login screen needs a session: no token goes to login, a token is checked with /me. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const hasToken = getAuthToken() !== null;
  const me = useMe({ enabled: hasToken });

  if (!hasToken) return <Navigate to="/login" replace state={{ from: location }} />;
  if (me.data) return <CurrentAdminProvider value={me.data}>{children}</CurrentAdminProvider>;
  if (me.isError) {
    return (
      <Result
        status="error"
        title={STRINGS.errors.loadFailed}
        subTitle={me.error.message}
        extra={<Button onClick={() => me.refetch()}>{STRINGS.errors.retry}</Button>}
      />
    );
  }
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
