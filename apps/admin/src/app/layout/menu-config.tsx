import { AuditOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { AdminRole } from '@app/contract/admin';
import type { ReactNode } from 'react';
import { STRINGS } from '../../config/strings';
import { hasPermission, type Permission } from '../../lib/permissions';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
}

export interface MenuGroup {
  key: string;
  label: string;
  entries: MenuEntry[];
}

const G = STRINGS.layout.groups;
const I = STRINGS.layout.items;

/**
 * The side menu, grouped by capability. Only screens that exist are listed; later capabilities
 * (KYC, deposits, withdrawals, products, ...) add their group here when their screen lands.
 */
const MENU: MenuGroup[] = [
  {
    key: 'customers',
    label: G.customers,
    entries: [{ path: '/users', label: I.users, icon: <UserOutlined />, permission: 'users.read' }],
  },
  {
    key: 'system',
    label: G.system,
    entries: [
      { path: '/admins', label: I.admins, icon: <TeamOutlined />, permission: 'admins.manage' },
      { path: '/audit', label: I.audit, icon: <AuditOutlined />, permission: 'audit.read' },
    ],
  },
];

/** The groups and entries this role may use; a group with nothing left is dropped. */
export function menuForRole(role: AdminRole): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => hasPermission(role, entry.permission)),
  })).filter((group) => group.entries.length > 0);
}
