import { type Page } from '@playwright/test';
import { expect, test, expectAccessible, saveButton, clickWhenStill, settled, shot, signIn } from './helpers';

const DEPT = '测试新闻组';
const ROLE = '文章编辑';
const STAFF = { username: 'e2e_editor', name: '测试编辑', password: 'Editor#2026' };

/** antd 6 Selects are not reachable by label: open the one in the form item with this label. */
async function pickOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .locator('.ant-select')
    .click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).click();
}

/** Opens a screen from the menu and waits until it has replaced the previous one. */
async function openMenu(page: Page, group: string, item: string, path: string) {
  const sidebar = page.getByTestId('sidebar');
  const entry = sidebar.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar.getByRole('menuitem', { name: group }).click();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
}

test('an admin sets up a department, a narrow role and a user; the user sees exactly that', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin);

  // 1. A department.
  await openMenu(admin, '权限管理', '部门与员工', '/department');
  await expect(admin.getByText('还没有部门')).toBeVisible();
  await expectAccessible(admin, 'department, empty');
  await admin.getByRole('button', { name: '新增部门' }).click();
  const deptDialog = admin.getByRole('dialog', { name: '新增部门' });
  // A click while the dialog still zooms in can land beside its button on a busy machine.
  await expect(deptDialog).toBeVisible();
  await settled(admin);
  await deptDialog.getByRole('button', { name: saveButton }).click();
  await expect(deptDialog.getByText('请输入部门名称')).toBeVisible();
  // The name field has the keyboard; typing and Enter save (the dialog does not just close).
  await deptDialog.getByLabel('部门名称').focus();
  await admin.keyboard.type(DEPT);
  await admin.keyboard.press('Enter');
  await expect(deptDialog).toBeHidden();
  await expect(admin.locator('.ant-tree').getByText(DEPT)).toBeVisible();
  // A new department is chosen at once, so its people (none yet) show beside it.
  await expect(admin).toHaveURL(/dept=\d+/);

  // 2. A role allowed only /article/list.
  await openMenu(admin, '权限管理', '角色权限', '/role');
  await admin.getByRole('button', { name: '新增角色' }).click();
  const roleDialog = admin.getByRole('dialog', { name: '新增角色' });
  await expect(roleDialog.getByLabel('角色名称')).toBeFocused();
  await roleDialog.getByRole('button', { name: saveButton }).click();
  await expect(roleDialog.getByText('请输入角色名称')).toBeVisible();
  await settled(admin);
  await roleDialog.getByLabel('角色名称').fill(ROLE);
  await roleDialog.getByRole('checkbox', { name: '文章列表', exact: true }).check();
  await shot(admin, 'role-dialog');
  await expectAccessible(admin, 'role dialog');
  await roleDialog.getByRole('button', { name: saveButton }).click();
  await expect(roleDialog).toBeHidden();
  const roleRow = admin.getByRole('row', { name: new RegExp(ROLE) });
  await expect(roleRow).toContainText('仅本人数据');
  // Just created: first row (newest first), highlighted.
  await expect(admin.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(ROLE);
  await expect(roleRow).toHaveClass(/row-highlight/);
  await shot(admin, 'roles');
  await expectAccessible(admin, 'roles');

  // 3. A user in both.
  await openMenu(admin, '权限管理', '部门与员工', '/department');
  await admin.locator('.ant-tree').getByText(DEPT).click();
  await expect(admin).toHaveURL(/dept=\d+/);
  await admin.getByRole('button', { name: '新增员工' }).click();
  const userDialog = admin.getByRole('dialog', { name: '新增员工' });
  // A super-administrator sees the switch that makes another one; it starts off.
  await expect(userDialog.getByRole('switch', { name: '超级管理员' })).not.toBeChecked();
  await userDialog.getByLabel('用户名').fill(STAFF.username);
  await userDialog.getByLabel('姓名').fill(STAFF.name);
  // The server's rules show as one types: password letters and digits, e-mail, phone.
  await userDialog.getByLabel('初始密码').fill('short');
  await expect(userDialog.getByText('初始密码至少 8 个字符')).toBeVisible();
  await userDialog.getByLabel('初始密码').fill('onlyletters');
  await expect(userDialog.getByText('初始密码需同时包含字母和数字')).toBeVisible();
  await userDialog.getByLabel('邮箱').fill('not-an-email');
  await expect(userDialog.getByText('请输入有效的邮箱地址')).toBeVisible();
  await userDialog.getByLabel('邮箱').fill('');
  await userDialog.getByLabel('电话').fill('abc');
  await expect(userDialog.getByText('请输入有效的电话号码')).toBeVisible();
  await userDialog.getByLabel('电话').fill('');
  await pickOption(admin, userDialog, '角色', ROLE);
  await expectAccessible(admin, 'staff dialog');
  await userDialog.getByLabel('初始密码').fill(STAFF.password);
  await userDialog.getByRole('button', { name: saveButton }).click();
  await expect(userDialog).toBeHidden();
  const userRow = admin.getByRole('row', { name: new RegExp(STAFF.username) });
  await expect(userRow).toContainText(DEPT);
  await expect(userRow).toContainText(ROLE);
  await expect(admin.locator('.ant-tree').getByText(DEPT).locator('..')).toContainText('1');
  await shot(admin, 'department');

  // The server's 409 for a taken username lands under the field, not only in a toast.
  await admin.getByRole('button', { name: '新增员工' }).click();
  const again = admin.getByRole('dialog', { name: '新增员工' });
  await again.getByLabel('用户名').fill(STAFF.username);
  await again.getByLabel('姓名').fill('重名');
  await again.getByLabel('初始密码').fill('Other#2026');
  await again.getByRole('button', { name: saveButton }).click();
  await expect(again.locator('.ant-form-item-explain-error').filter({ hasText: '用户名已存在' })).toBeVisible();
  await shot(admin, 'duplicate-username');
  // Closing with unsaved changes asks first: 继续编辑 keeps the dialog, 放弃修改 closes it.
  await admin.keyboard.press('Escape');
  const discard = admin.getByRole('dialog', { name: '放弃未保存的修改？' });
  await clickWhenStill(discard.getByRole('button', { name: '继续编辑' }));
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: /取\s*消/ }).click();
  await clickWhenStill(discard.getByRole('button', { name: '放弃修改' }));
  await expect(again).toBeHidden();

  // 4. The user signs in and sees only 工作台 and 内容管理 › 文章列表.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF.username, STAFF.password);
  await expect(staff.getByTestId('greeting')).toHaveText(`你好，${STAFF.name}`);
  const sidebar = staff.getByTestId('sidebar');
  await expect(sidebar.getByRole('menuitem')).toHaveCount(2);
  await sidebar.getByRole('menuitem', { name: '内容管理' }).click();
  await expect(sidebar.getByRole('menuitem', { name: '文章列表' })).toBeVisible();
  await expect(sidebar.getByRole('menuitem')).toHaveCount(3);
  await shot(staff, 'narrow-menu');

  // Typing a route the role does not grant lands on / saying so; the API refuses with 403.
  await staff.goto('/department');
  await expect(staff).toHaveURL(/\/\?denied=%2Fdepartment$/);
  await expect(staff.getByTestId('denied')).toContainText('无权访问「部门与员工」');
  await expect(staff.getByTestId('my-role')).toHaveText(ROLE);
  await expect(staff.getByTestId('my-department')).toHaveText(DEPT);
  await expectAccessible(staff, 'workbench with a refusal');
  const api = await staff.request.get('/api/users');
  expect(api.status()).toBe(403);
  expect((await api.json()).status).toBe(403);

  // 5. The admin widens the role; after a reload the user has the new entry.
  await openMenu(admin, '权限管理', '角色权限', '/role');
  await admin
    .getByRole('row', { name: new RegExp(ROLE) })
    .getByRole('button', { name: /^编辑「/ })
    .click();
  const editDialog = admin.getByRole('dialog', { name: `编辑角色 · ${ROLE}` });
  await settled(admin);
  await editDialog.getByRole('checkbox', { name: '图片库', exact: true }).check();
  await editDialog.getByRole('button', { name: saveButton }).click();
  await expect(editDialog).toBeHidden();

  await staff.reload();
  await expect(sidebar.getByRole('menuitem', { name: '素材库' })).toBeVisible();
  await sidebar.getByRole('menuitem', { name: '素材库' }).click();
  await sidebar.getByRole('menuitem', { name: '图片库' }).click();
  await expect(staff).toHaveURL(/\/photo$/);

  // 6. The logs show what happened.
  await openMenu(admin, '权限管理', '登录日志', '/log');
  await expect(admin.getByRole('row', { name: new RegExp(STAFF.username) }).first()).toBeVisible();
  await shot(admin, 'login-log');
  await expectAccessible(admin, 'login log');
  // One filter model: typed text applies once typing pauses; 清除筛选 brings everything back.
  await admin.getByRole('searchbox', { name: '用户名' }).fill('no-such-user');
  await expect(admin.getByText('没有符合条件的记录')).toBeVisible();
  await expect(admin).toHaveURL(/username=no-such-user/);
  await admin.locator('.ant-empty').getByRole('button', { name: '清除筛选' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(STAFF.username) }).first()).toBeVisible();
  await openMenu(admin, '权限管理', '操作日志', '/log/operate');
  const roleUpdate = admin.getByRole('row', { name: new RegExp(`修改角色「${ROLE}」`) });
  await expect(roleUpdate).toBeVisible();
  await roleUpdate.getByText('详情').click();
  const drawer = admin.getByRole('dialog', { name: '操作日志详情' });
  await expect(drawer).toContainText('修改前');
  await expect(drawer).toContainText('文章列表、图片库');
  // Let the drawer finish sliding in before the screenshot: its right edge meets the window's.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box && Math.round(box.x + box.width);
    })
    .toBe(admin.viewportSize()!.width);
  await shot(admin, 'operation-log-drawer');
  await expectAccessible(admin, 'operation log drawer');

  // 7. My profile: the header greeting follows a name change.
  await staff.getByTestId('user-menu').click();
  await staff.getByRole('menuitem', { name: '个人资料修改' }).click();
  await expect(staff).toHaveURL(/\/user\/my$/);
  await staff.getByLabel('姓名').fill('王编辑');
  await staff
    .getByRole('button', { name: /保存资料|保\s*存/ })
    .first()
    .click();
  await expect(staff.getByTestId('user-menu')).toContainText('你好，王编辑');
  await shot(staff, 'profile');
  await expectAccessible(staff, 'profile');
  // A page form with unsaved changes asks before the menu takes the person away.
  await staff.getByLabel('电话').fill('13800138000');
  await staff.getByTestId('sidebar').getByRole('menuitem', { name: '工作台' }).click();
  const leave = staff.getByRole('dialog', { name: '离开此页？' });
  await leave.getByRole('button', { name: /留\s*下/ }).click();
  await expect(staff).toHaveURL(/\/user\/my$/);
  await expect(staff.getByLabel('电话')).toHaveValue('13800138000');

  await adminContext.close();
  await staffContext.close();
});

test('departments reorder by drag among siblings, and the order is saved', async ({ page }) => {
  await signIn(page);
  for (const name of ['甲组', '乙组']) {
    const res = await page.request.post('/api/departments', { data: { name } });
    expect((await res.json()).status).toBe(0);
  }
  await page.goto('/department');
  const tree = page.locator('.ant-tree');
  const names = () => tree.locator('.dept-node > span:first-child').allTextContents();
  await expect.poll(names).toEqual([DEPT, '甲组', '乙组']);

  // Drag 乙组 onto the upper part of 甲组: it lands before it.
  const target = tree.locator('.ant-tree-treenode').filter({ hasText: '甲组' });
  const box = (await target.boundingBox())!;
  await tree
    .locator('.ant-tree-treenode')
    .filter({ hasText: '乙组' })
    .dragTo(target, { targetPosition: { x: box.width / 2, y: 2 } });
  await expect(page.getByText('顺序已保存')).toBeVisible();
  await expect.poll(names).toEqual([DEPT, '乙组', '甲组']);

  await page.reload();
  await expect.poll(names).toEqual([DEPT, '乙组', '甲组']);
  // One's own row: 删除 (in 更多) is shown disabled with the reason; others' rows may be deleted.
  await page
    .getByRole('row', { name: /admin/ })
    .getByRole('button', { name: /更多操作/ })
    .click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByText('不能删除自己的账号')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '删除' })).toBeHidden();
  await page
    .getByRole('row', { name: /e2e_editor/ })
    .getByRole('button', { name: /更多操作/ })
    .click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByRole('dialog', { name: /确定删除员工「王编辑（e2e_editor）」吗/ })).toBeVisible();
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await shot(page, 'department-reordered');
});
