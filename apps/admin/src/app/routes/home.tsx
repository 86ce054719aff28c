import { Result } from 'antd';
import { Navigate } from 'react-router';
import { STRINGS } from '../../config/strings';
import { useCurrentAdmin } from '../current-admin';
import { menuForRole } from '../layout/menu-config';

/** There is no dashboard: land on the first screen this role may use. */
export function HomeRoute() {
  const admin = useCurrentAdmin();
  const first = menuForRole(admin.role)[0]?.entries[0];
  if (first) return <Navigate to={first.path} replace />;
  return <Result status="info" title={STRINGS.layout.emptyTitle} subTitle={STRINGS.layout.emptyText} />;
}
