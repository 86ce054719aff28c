import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Grid, Layout, Menu, type MenuProps, Spin, Tag, Typography, theme } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { STRINGS } from '../../config/strings';
import { useLogout } from '../../features/auth/api/logout';
import { MyAccountDrawer } from '../../features/auth/components/my-account-drawer';
import { SupportMenuLabel } from '../../features/support/components/support-menu-label';
import { useCurrentAdmin } from '../current-admin';
import { type MenuEntry, menuForRole } from './menu-config';

const S = STRINGS.layout;
const COLLAPSED_KEY = 'adminMenuCollapsed';

/** Side menu (a drawer on narrow screens), header with the signed-in admin, and the page. */
export function AdminLayout() {
  const screens = Grid.useBreakpoint();
  const isNarrow = screens.md === false;
  const [isCollapsed, setIsCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { token } = theme.useToken();

  const toggleMenu = () => {
    if (isNarrow) {
      setIsDrawerOpen((open) => !open);
      return;
    }
    setIsCollapsed((collapsed) => {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
      return !collapsed;
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isNarrow ? (
        <Drawer
          placement="left"
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          size={240}
          title={STRINGS.appName}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setIsDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsed={isCollapsed}
          trigger={null}
          width={220}
          collapsedWidth={64}
          theme="light"
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
            borderRight: `1px solid ${token.colorSplit}`,
          }}
        >
          <Flex align="center" justify="center" style={{ height: 64 }}>
            <Typography.Text strong>{isCollapsed ? 'BO' : STRINGS.appName}</Typography.Text>
          </Flex>
          <SideMenu isCollapsed={isCollapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 12px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            borderBottom: `1px solid ${token.colorSplit}`,
          }}
        >
          <Button
            type="text"
            aria-label={isNarrow || isCollapsed ? S.expand : S.collapse}
            icon={isNarrow || isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleMenu}
          />
          <div style={{ flex: 1 }} />
          <HeaderAccount isCompact={isNarrow} />
        </Layout.Header>
        <Layout.Content style={{ padding: isNarrow ? 12 : 24, minWidth: 0 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function SideMenu({ isCollapsed = false, onNavigate }: { isCollapsed?: boolean; onNavigate?: () => void }) {
  const admin = useCurrentAdmin();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = menuForRole(admin.role);
  const toItem = (entry: MenuEntry) => ({
    key: entry.path,
    // The support entry carries the live unread count.
    label: entry.path === '/support' ? <SupportMenuLabel label={entry.label} /> : entry.label,
    icon: entry.icon,
  });
  // A collapsed menu has no room for group titles: a divider separates the groups instead.
  const items: MenuProps['items'] = isCollapsed
    ? groups.flatMap((group, index) => [
        ...(index > 0 ? [{ type: 'divider' as const, key: `${group.key}-divider` }] : []),
        ...group.entries.map(toItem),
      ])
    : groups.map((group) => ({
        type: 'group',
        key: group.key,
        label: group.label,
        children: group.entries.map(toItem),
      }));
  const selected = groups
    .flatMap((g) => g.entries)
    .find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.path] : []}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

function HeaderAccount({ isCompact }: { isCompact: boolean }) {
  const admin = useCurrentAdmin();
  const navigate = useNavigate();
  const logout = useLogout();
  const [isAccountOpen, setIsAccountOpen] = useState(false);

  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis style={{ maxWidth: isCompact ? 96 : 200 }}>
        {admin.username}
      </Typography.Text>
      <Tag color={STRINGS.roleColors[admin.role]} style={{ marginInlineEnd: 0 }}>
        {STRINGS.roles[admin.role]}
      </Tag>
      <Button icon={<SettingOutlined />} aria-label={S.myAccount} onClick={() => setIsAccountOpen(true)}>
        {isCompact ? null : S.myAccount}
      </Button>
      <Button
        icon={<LogoutOutlined />}
        aria-label={S.logout}
        loading={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
      >
        {isCompact ? null : S.logout}
      </Button>
      <MyAccountDrawer open={isAccountOpen} onClose={() => setIsAccountOpen(false)} />
    </Flex>
  );
}
