import { Flex } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { getAuthToken } from '../../lib/auth-token';

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const target = from?.pathname && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}` : '/';

  if (getAuthToken()) return <Navigate to={target} replace />;
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <LoginForm onSuccess={() => navigate(target, { replace: true })} />
    </Flex>
  );
}
