import {
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  FundOutlined,
  IdcardOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PercentageOutlined,
  QuestionCircleOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
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
 * (earn, notices, support, ...) add their group here when their screen lands.
 * Balance adjustments have no entry: they are made from a user's drawer on the Users screen.
 */
const MENU: MenuGroup[] = [
  {
    key: 'customers',
    label: G.customers,
    entries: [{ path: '/users', label: I.users, icon: <UserOutlined />, permission: 'users.read' }],
  },
  {
    key: 'support',
    label: G.support,
    entries: [{ path: '/support', label: I.support, icon: <CustomerServiceOutlined />, permission: 'support.handle' }],
  },
  {
    key: 'compliance',
    label: G.compliance,
    entries: [{ path: '/kyc', label: I.kyc, icon: <IdcardOutlined />, permission: 'kyc.review' }],
  },
  {
    key: 'trading',
    label: G.trading,
    entries: [
      { path: '/products', label: I.products, icon: <FundOutlined />, permission: 'products.manage' },
      { path: '/orders', label: I.orders, icon: <OrderedListOutlined />, permission: 'orders.read' },
    ],
  },
  {
    key: 'content',
    label: G.content,
    entries: [
      { path: '/notices', label: I.notices, icon: <NotificationOutlined />, permission: 'content.manage' },
      { path: '/help-articles', label: I.helpArticles, icon: <QuestionCircleOutlined />, permission: 'content.manage' },
    ],
  },
  {
    key: 'earn',
    label: G.earn,
    entries: [
      {
        path: '/earn-products',
        label: I.earnProducts,
        icon: <PercentageOutlined />,
        permission: 'earnProducts.read',
      },
      { path: '/flexible-earn', label: I.flexibleEarn, icon: <RiseOutlined />, permission: 'flexibleEarn.read' },
    ],
  },
  {
    key: 'finance',
    label: G.finance,
    entries: [
      { path: '/deposits', label: I.deposits, icon: <DownloadOutlined />, permission: 'deposits.manage' },
      { path: '/withdrawals', label: I.withdrawals, icon: <UploadOutlined />, permission: 'withdrawals.manage' },
      {
        path: '/deposit-addresses',
        label: I.depositAddresses,
        icon: <WalletOutlined />,
        permission: 'depositAddresses.manage',
      },
      { path: '/ledger', label: I.journals, icon: <BookOutlined />, permission: 'ledger.read' },
      {
        path: '/reconciliation',
        label: I.reconciliation,
        icon: <SafetyCertificateOutlined />,
        permission: 'ledger.read',
      },
    ],
  },
  {
    key: 'settings',
    label: G.settings,
    entries: [
      { path: '/banks', label: I.banks, icon: <BankOutlined />, permission: 'banks.manage' },
      { path: '/settings', label: I.settings, icon: <ControlOutlined />, permission: 'settings.read' },
    ],
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
