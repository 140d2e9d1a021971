'use client';

import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import Link from 'next/link';
import { Alert, Avatar, Button, Dropdown, Layout, Menu, Space, Typography, type DrawerProps, type MenuProps } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { lazyDialog } from '@/components/common/lazy-dialog';
import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { confirmLeave, hasUnsavedChanges, setLeaveConfirmer } from '@/components/crud/unsaved-changes';
import { useInUseRefusals } from '@/components/crud/in-use-refusal';
import { http, isFailure, setSessionEndedHandler } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { groupOf, type MenuEntry } from '@/lib/menu';
import Cookies from 'js-cookie';
import { deniedPath, SESSION_END_COOKIE, SESSION_END_TEXT, sessionEndReason } from '@/lib/guard';
import { pageName } from '@/lib/page-title';
import type { AuthMap } from '@/lib/routes';
import { HEADER_HEIGHT, MENU_STORAGE_KEY, SIDEBAR_FOLDED_WIDTH, SIDEBAR_TITLE, SIDEBAR_WIDTH } from '@/lib/constants';
import { useUserStore, type UserInfo } from '@/stores/user';
import { LoadingBar, startNavigationProgress } from './loading-bar';
import { MenuIcon } from './menu-icon';
import { OnlineStatus } from './online-status';

const { Header, Sider, Content } = Layout;

/**
 * The menu drawer of a narrow window (below lg): antd's Drawer is not part of every screen's first
 * load (issue 17); fetched once the screen has mounted and mounted closed (components/common/lazy-dialog.tsx).
 */
const Drawer = lazyDialog(
  () => import('antd/es/drawer').then((m) => m.default as ComponentType<DrawerProps>),
  (p) => Boolean(p.open),
  // Only a window narrower than antd's lg (992 px) shows the menu button.
  () => window.matchMedia('(max-width: 991.98px)').matches,
);

function toItems(menu: MenuEntry[]): MenuProps['items'] {
  return menu.map((entry) =>
    entry.child
      ? { key: entry.id, icon: <MenuIcon name={entry.icon} />, label: entry.home, children: entry.child.map((c) => ({ key: c.router!, label: c.name })) }
      : { key: entry.router!, icon: <MenuIcon name={entry.icon} />, label: entry.name },
  );
}

/**
 * The default layout: header (logo, greeting, profile menu), foldable sidebar built from the
 * user's menu (a drawer below the `lg` breakpoint), the page's heading, main area. Renders from
 * props on the server; the user store is filled on the client.
 * @see SEED §2 (default layout, header and logout, sidebar), §9 (sizes)
 */
export function AppShell({ info, auth, menu, children }: { info: UserInfo; auth: AuthMap; menu: MenuEntry[]; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const { modal } = useApp();
  const setUser = useUserStore((s) => s.setUser);
  const setInfo = useUserStore((s) => s.setInfo);
  const clearUser = useUserStore((s) => s.clearUser);
  const fold = useUserStore((s) => s.fold);
  const setFold = useUserStore((s) => s.setFold);
  const storedInfo = useUserStore((s) => s.info);
  const name = (storedInfo ?? info).name;
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    setUser(info, auth);
    // Department and role names for the workbench and the data-scope lines (not in login_info).
    void http.main.get<{ departmentName: string | null; roleName: string | null }>('/api/profile').then((reply) => {
      if (isOk(reply)) setInfo({ departmentName: reply.data.departmentName, roleName: reply.data.roleName });
    });
  }, [info, auth, setUser, setInfo]);

  // Leaving a form with unsaved changes asks in the product's own dialog.
  useEffect(() => {
    setLeaveConfirmer(
      (text) =>
        new Promise((resolve) => {
          modal.confirm({
            title: '离开此页？',
            content: text,
            okText: '离开',
            okButtonProps: { danger: true },
            cancelText: '留下',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    );
  }, [modal]);

  // The session ended while this page was open: say so once, leave the page as it is (a half-typed
  // form can still be copied), and on 重新登录 reload: the guard then sends the person to the
  // login screen with this page to come back to.
  useEffect(() => {
    let isAsking = false;
    setSessionEndedHandler((body) => {
      if (isAsking) return;
      isAsking = true;
      // The reply says why; when a background request (a link prefetch) met the ended session first,
      // the guard cleared the cookie and kept the reason in `cms_session_end` instead.
      const reason = sessionEndReason(body.reason) ?? sessionEndReason(Cookies.get(SESSION_END_COOKIE));
      modal.warning({
        title: '登录已失效',
        content: `${reason ? SESSION_END_TEXT[reason] : '你的登录已过期或已被结束（例如密码被重置、账号被停用）。'}重新登录后会回到这个页面；未保存的内容请先复制。`,
        okText: '重新登录',
        onOk: () => window.location.reload(),
      });
    });
    return () => setSessionEndedHandler(() => undefined);
  }, [modal]);

  // A delete refused because the record is still in use shows what uses it, with links (issue 14).
  useInUseRefusals();

  // Links inside the shell (logo, workbench shortcuts …) ask too while a form holds changes.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!hasUnsavedChanges() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      const href = a.pathname + a.search;
      void confirmLeave().then((isLeaving) => isLeaving && router.push(href));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [router]);

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

  const go = async (path: string) => {
    if (!(await confirmLeave())) return;
    localStorage.setItem(MENU_STORAGE_KEY, path);
    setDrawerOpen(false);
    if (path !== pathname) {
      startNavigationProgress();
      router.push(path);
    }
  };

  const logout = async () => {
    if (!(await confirmLeave())) return;
    const reply = await http.main.post('/api/logout');
    if (!isFailure(reply) && reply.status === 0) {
      clearUser();
      localStorage.removeItem(MENU_STORAGE_KEY);
      // A full page load, not a client navigation: nothing of the signed-in session (router cache,
      // stores) survives, and a replace followed by a refresh could race and leave the page on /.
      window.location.replace('/login');
    }
  };

  const userMenu: MenuProps['items'] = [
    { key: 'my', icon: <UserOutlined aria-hidden />, label: '个人资料修改' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', danger: true },
  ];

  // 无权访问「角色权限」: the guard sent the person here from a page their role does not grant.
  const denied = pathname === '/' ? deniedPath(searchParams.get('denied')) : null;
  const dismissDenied = () => router.replace('/', { scroll: false });

  const menuView = (isInline: boolean) => (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      openKeys={isInline && fold ? undefined : openKeys}
      onOpenChange={(keys) => setOpenKeys(keys.length ? [keys[keys.length - 1]] : [])}
      onClick={({ key }) => void go(String(key))}
    />
  );

  const title = pageName(pathname);

  // Issue 26: the super-administrator's first sign-in without two-step sign-in asks them to enrol
  // (`/?totp=ask`); 稍后 postpones it (the profile keeps offering it).
  const me = storedInfo ?? info;
  const remindTotp = pathname === '/' && searchParams.get('totp') === 'ask' && Boolean(me.isSuper) && !me.totpEnabled;
  const postponeTotp = () => router.replace('/', { scroll: false });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LoadingBar />
      <Header
        className="app-header"
        style={{
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          background: '#fff',
          padding: '0 24px 0 16px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
          position: 'sticky',
          top: 0,
          zIndex: 100,
        }}
      >
        <Space size={12} align="center" style={{ minWidth: 0 }}>
          <Button
            type="text"
            className="only-narrow"
            aria-label="打开菜单"
            aria-expanded={isDrawerOpen}
            data-testid="drawer-toggle"
            icon={<MenuOutlined aria-hidden />}
            onClick={() => setDrawerOpen(true)}
          />
          <Link href="/" style={{ display: 'flex', alignItems: 'center', gap: 10 }} aria-label="卡车资讯 CMS 工作台">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src="/logo.svg" alt="" width={40} height={40} />
            <Typography.Text strong style={{ fontSize: 18 }} className="only-wide">
              卡车资讯 CMS
            </Typography.Text>
          </Link>
          <Button
            type="text"
            className="only-wide"
            aria-label={fold ? '展开菜单' : '收起菜单'}
            data-testid="fold-toggle"
            icon={fold ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            onClick={() => setFold(!fold)}
          />
        </Space>
        <Space size={16} align="center" style={{ minWidth: 0 }}>
          <OnlineStatus />
          <Dropdown
            menu={{
              items: userMenu,
              onClick: ({ key }) => (key === 'my' ? void go('/user/my') : void logout()),
            }}
            // Click (and tap) only: with hover as well, a tap opens and the synthetic hover closes it.
            trigger={['click']}
            placement="bottomRight"
          >
            <Button
              type="text"
              data-testid="user-menu"
              aria-haspopup="menu"
              aria-label={`你好，${name}，账号菜单`}
              style={{ height: 40, display: 'flex', alignItems: 'center', gap: 8, maxWidth: '100%' }}
            >
              <Avatar size="small" src={(storedInfo ?? info).avatar || undefined} icon={<UserOutlined aria-hidden />} alt="" />
              <span className="header-name">你好，{name}</span>
              <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </Button>
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
          className="app-sider only-wide"
          style={{ position: 'sticky', top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)`, overflow: 'auto' }}
        >
          <nav aria-label="主菜单">
            <div
              style={{ color: '#fff', fontWeight: 600, textAlign: 'center', padding: '16px 8px', whiteSpace: 'nowrap', overflow: 'hidden' }}
              title={SIDEBAR_TITLE}
            >
              {fold ? '后台' : SIDEBAR_TITLE}
            </div>
            {menuView(true)}
          </nav>
        </Sider>
        <Drawer
          placement="left"
          open={isDrawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH + 40}
          title={SIDEBAR_TITLE}
          styles={{ body: { padding: 0, background: '#001529' } }}
          rootClassName="menu-drawer"
        >
          <nav aria-label="主菜单">{menuView(false)}</nav>
        </Drawer>
        {/* antd's Content is the page's <main>. */}
        <Content className="app-content" style={{ padding: 24, minWidth: 0 }}>
          {title && (
            <Typography.Title level={1} className="page-title" style={{ fontSize: 20, margin: '0 0 16px' }}>
              {title}
            </Typography.Title>
          )}
          {denied && (
            <Alert
              type="warning"
              showIcon
              closable={{ onClose: dismissDenied, 'aria-label': '关闭提示' }}
              style={{ marginBottom: 16 }}
              data-testid="denied"
              title={`无权访问「${pageName(denied) ?? denied}」`}
              description="你的角色没有这个页面的权限，已回到工作台。如需使用，请联系管理员在「角色权限」中授权。"
            />
          )}
          {remindTotp && (
            <Alert
              type="warning"
              showIcon
              closable={{ onClose: postponeTotp, 'aria-label': '稍后再说' }}
              style={{ marginBottom: 16 }}
              data-testid="totp-reminder"
              title="建议为超级管理员账号开启两步验证"
              description={
                <>
                  密码一旦泄露，他人即可登录并发布任何内容。开启后登录还需要手机验证器上的验证码。
                  <Link href="/user/my?totp=setup">现在开启</Link>，或关闭此提示稍后在「个人资料」中开启。
                </>
              }
            />
          )}
          {children}
        </Content>
      </Layout>
    </Layout>
  );
}
