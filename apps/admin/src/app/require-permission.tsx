import { Result } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../config/strings';
import type { Permission } from '../lib/permissions';
import { useCan } from './current-admin';

/** A page the role cannot use says so instead of showing a 403 from each call. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const isAllowed = useCan(permission);
  if (isAllowed) return children;
  return <Result status="403" title={STRINGS.errors.forbiddenTitle} subTitle={STRINGS.errors.forbidden} />;
}
