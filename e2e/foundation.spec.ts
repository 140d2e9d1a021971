import { expect, test, api, E2E_ADMIN, expectAccessible, fillSignIn, settled, shot, signIn, signOut } from './helpers';

test('a staff member signs in, uses the shell and signs out', async ({ page, context, pageErrors }) => {
  // Signed out, the back office sends everyone to the login screen, remembering the page.
  await page.goto('/article/list');
  await expect(page).toHaveURL(/\/login\?from=%2Farticle%2Flist$/);
  await expect(page).toHaveTitle('CMS网站管理系统');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CMS网站管理系统');
  await expectAccessible(page, 'login');

  // Inline validation before anything is sent.
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();

  // Wrong password: the server says 401 and the screen says so in Chinese.
  await page.getByLabel('用户名').fill(E2E_ADMIN.username);
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await shot(page, 'login-error');

  // After signing in, the person lands on the page they asked for.
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/article\/list$/);
  await expect(page).toHaveTitle('文章列表 - CMS网站管理系统');
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toHaveText('你好，超级管理员');
  await expect(page).toHaveTitle('工作台 - CMS网站管理系统');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('工作台');
  await expect(page.getByTestId('my-role')).toHaveText('超级管理员');
  await expectAccessible(page, 'workbench');
  await expect(page.getByTestId('user-menu')).toContainText('你好，超级管理员');
  await expect(page.getByTestId('online-status')).toContainText('在线');

  // The grouped menu: groups from the auth map, one submenu open at a time.
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('后台管理系统');
  for (const group of ['首页', '内容管理', '素材库', '运营管理', '系统设置', '权限管理']) {
    await expect(sidebar.getByRole('menuitem', { name: group })).toBeVisible();
  }
  await expect(sidebar.getByText('预览')).toHaveCount(0);
  await sidebar.getByRole('menuitem', { name: '内容管理' }).click();
  await expect(sidebar.getByRole('menuitem', { name: '文章列表' })).toBeVisible();
  await sidebar.getByRole('menuitem', { name: '权限管理' }).click();
  await expect(sidebar.getByRole('menuitem', { name: '登录日志' })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: '文章列表' })).toBeHidden();
  await shot(page, 'workbench');

  // Open a page from the menu: its heading and document title; the path is remembered under `key`.
  await sidebar.getByRole('menuitem', { name: '内容管理' }).click();
  await expect(sidebar.getByRole('menuitem', { name: '登录日志' })).toBeHidden();
  await sidebar.getByRole('menuitem', { name: '视频列表' }).click();
  await expect(page).toHaveURL(/\/article\/videoList$/);
  await expect(page.getByRole('heading', { name: '视频列表', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('视频列表 - CMS网站管理系统');
  expect(await page.evaluate(() => localStorage.getItem('key'))).toBe('/article/videoList');
  await shot(page, 'menu-page');

  // Fold and unfold the sidebar.
  const width = async () => (await sidebar.boundingBox())!.width;
  expect(await width()).toBe(200);
  await page.getByTestId('fold-toggle').click();
  await expect.poll(width).toBe(80);
  await shot(page, 'folded');
  await page.getByTestId('fold-toggle').click();
  await expect.poll(width).toBe(200);

  // The header tracks the connection. Toggled once the page is idle: going offline aborts the
  // workbench's link prefetches, which is not what this step is about.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByTestId('online-status')).toContainText('离线');
  await context.setOffline(false);
  await expect(page.getByTestId('online-status')).toContainText('在线');

  // Signed in, the login screen sends you home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  // A path that is no route at all (the browser logs the page's own 404).
  pageErrors.allow(/status of 404 .*\/no\/such\/page/);
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expectAccessible(page, '404');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('key'))).toBeNull();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'cms_session')).toBeUndefined();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  // Signed out, a path that is no route is still a 404, not the sign-in (the default layout holds a catch-all page).
  const signedOut = await page.goto('/no/such/page');
  expect(signedOut?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

test('a stale session cookie lands on the login screen without a redirect loop, saying why', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'cms_session', value: 'expired-token', url: baseURL! }]);
  await page.goto('/department');
  await expect(page).toHaveURL(/\/login\?from=%2Fdepartment&reason=ended$/);
  await expect(page.getByTestId('session-ended')).toContainText('登录已失效');
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'cms_session')).toBeUndefined();
  // A return-to naming another site is ignored: the person lands on the workbench.
  await page.goto('/login?from=%2F%2Fevil.example%2F');
  await fillSignIn(page);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('the header and menu work with the keyboard alone, and on a phone', async ({ page, browser }) => {
  await signIn(page);
  // The account menu is a real button: Tab reaches it, Enter opens it, arrows and Enter choose.
  const userMenu = page.getByTestId('user-menu');
  await userMenu.focus();
  await expect(userMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: '个人资料修改' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: '个人资料修改' })).toBeHidden();

  // 390 px on a touch screen: the sidebar is a drawer behind the menu button; a tap on the
  // account menu opens it and it stays open.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const phone = await phoneContext.newPage();
  await signIn(phone);
  await api(phone, 'POST', '/api/roles', { name: '手机上看的角色', level: 3, routes: [] });
  await expect(phone.getByTestId('sidebar')).toBeHidden();
  await phone.getByTestId('user-menu').tap();
  await expect(phone.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await phone.waitForTimeout(400);
  await expect(phone.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await phone.getByRole('heading', { level: 1 }).tap();
  await expect(phone.getByRole('menuitem', { name: '退出登录' })).toBeHidden();
  await phone.getByTestId('drawer-toggle').tap();
  await settled(phone);
  const drawer = phone.getByRole('dialog', { name: '后台管理系统' });
  await drawer.getByRole('menuitem', { name: '权限管理' }).tap();
  await settled(phone);
  await drawer.getByRole('menuitem', { name: '角色权限' }).tap();
  await expect(phone).toHaveURL(/\/role$/);
  await expect(phone.getByRole('heading', { name: '角色权限', level: 1 })).toBeVisible();
  await expect(drawer).toBeHidden();
  // The list is readable: the key column shows whole names, not one character per line.
  const firstName = phone.locator('.ant-table-tbody tr.ant-table-row td').first();
  await expect(firstName).toBeVisible();
  expect((await firstName.boundingBox())!.width).toBeGreaterThan(100);
  await shot(phone, 'phone-roles');
  await expectAccessible(phone, 'roles at 390 px');
  await phoneContext.close();
});
