'use client';

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import Link from 'next/link';
import { Avatar, Button, Dropdown, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { http, isFailure } from '@/lib/http';
import { groupOf, type MenuEntry } from '@/lib/menu';
import type { AuthMap } from '@/lib/routes';
import { HEADER_HEIGHT, MENU_STORAGE_KEY, SIDEBAR_FOLDED_WIDTH, SIDEBAR_TITLE, SIDEBAR_WIDTH } from '@/lib/constants';
import { useUserStore, type UserInfo } from '@/stores/user';
import { LoadingBar, startNavigationProgress } from './loading-bar';
import { MenuIcon } from './menu-icon';
import { OnlineStatus } from './online-status';

const { Header, Sider, Content } = Layout;

function toItems(menu: MenuEntry[]): MenuProps['items'] {
  return menu.map((entry) =>
    entry.child
      ? { key: entry.id, icon: <MenuIcon name={entry.icon} />, label: entry.home, children: entry.child.map((c) => ({ key: c.router!, label: c.name })) }
      : { key: entry.router!, icon: <MenuIcon name={entry.icon} />, label: entry.name },
  );
}

/**
 * The default layout: header (logo, greeting, profile dropdown), foldable sidebar built from the
 * user's menu, main area. Renders from props on the server; the user store is filled on the client.
 * @see SEED §2 (default layout, header and logout, sidebar), §9 (sizes)
 */
export function AppShell({ info, auth, menu, children }: { info: UserInfo; auth: AuthMap; menu: MenuEntry[]; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const setUser = useUserStore((s) => s.setUser);
  const clearUser = useUserStore((s) => s.clearUser);
  const fold = useUserStore((s) => s.fold);
  const setFold = useUserStore((s) => s.setFold);
  const storedInfo = useUserStore((s) => s.info);
  const name = (storedInfo ?? info).name;

  useEffect(() => {
    setUser(info, auth);
  }, [info, auth, setUser]);

  // One submenu open at a time: the group of the current path, else of the last chosen path.
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(menu, pathname);
    return group ? [group.id] : [];
  });
  useEffect(() => {
    const group = groupOf(menu, pathname) ?? groupOf(menu, localStorage.getItem(MENU_STORAGE_KEY) ?? '');
    if (group) setOpenKeys([group.id]);
  }, [menu, pathname]);

  const items = useMemo(() => toItems(menu), [menu]);

  const go = (path: string) => {
    localStorage.setItem(MENU_STORAGE_KEY, path);
    if (path !== pathname) {
      startNavigationProgress();
      router.push(path);
    }
  };

  const logout = async () => {
    const reply = await http.main.post('/api/logout');
    if (!isFailure(reply) && reply.status === 0) {
      clearUser();
      localStorage.removeItem(MENU_STORAGE_KEY);
      router.replace('/login');
      router.refresh();
    }
  };

  const userMenu: MenuProps['items'] = [
    { key: 'my', icon: <UserOutlined />, label: '个人资料修改' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LoadingBar />
      <Header
        style={{
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          background: '#fff',
          padding: '0 24px 0 16px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
          position: 'sticky',
          top: 0,
          zIndex: 100,
        }}
      >
        <Space size={16} align="center">
          <Link href="/" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src="/logo.svg" alt="卡车资讯" width={40} height={40} />
            <Typography.Text strong style={{ fontSize: 18 }}>
              卡车资讯 CMS
            </Typography.Text>
          </Link>
          <Button
            type="text"
            aria-label={fold ? '展开菜单' : '收起菜单'}
            data-testid="fold-toggle"
            icon={fold ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setFold(!fold)}
          />
        </Space>
        <Space size={24} align="center">
          <OnlineStatus />
          <Dropdown
            menu={{
              items: userMenu,
              onClick: ({ key }) => (key === 'my' ? go('/user/my') : void logout()),
            }}
            trigger={['click', 'hover']}
          >
            <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
              <Avatar size="small" src={(storedInfo ?? info).avatar || undefined} icon={<UserOutlined />} />
              <span>你好，{name}</span>
              <DownOutlined style={{ fontSize: 10 }} />
            </Space>
          </Dropdown>
        </Space>
      </Header>
      <Layout>
        <Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_FOLDED_WIDTH}
          collapsed={fold}
          trigger={null}
          theme="dark"
          data-testid="sidebar"
          style={{ position: 'sticky', top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)`, overflow: 'auto' }}
        >
          <div
            style={{ color: '#fff', fontWeight: 600, textAlign: 'center', padding: '16px 8px', whiteSpace: 'nowrap', overflow: 'hidden' }}
            title={SIDEBAR_TITLE}
          >
            {fold ? '后台' : SIDEBAR_TITLE}
          </div>
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={[pathname]}
            openKeys={fold ? undefined : openKeys}
            onOpenChange={(keys) => setOpenKeys(keys.length ? [keys[keys.length - 1]] : [])}
            onClick={({ key }) => go(String(key))}
          />
        </Sider>
        <Content style={{ padding: 24, minWidth: 0 }}>{children}</Content>
      </Layout>
    </Layout>
  );
}
