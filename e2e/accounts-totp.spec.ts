import { Secret, TOTP } from 'otpauth';
import { type Page } from '@playwright/test';
import { api, expect, fillSignIn, settled, shot, signIn, signOut, test } from './helpers';

/**
 * Issue 26 in the browser: a reviewer enrols in two-step sign-in from 个人资料 with a code this test
 * computes from the secret shown (as an authenticator app would), signs out, signs in with the
 * password and a code; a second browser signs in with a recovery code, sees the first browser in
 * 登录设备 and signs it out; the first is sent to the login screen with the reason, and the
 * recovery code already used is refused there while another one works.
 */

const REVIEWER = { username: `e2e_totp_${Date.now().toString(36)}`, password: 'Totp#Review-2026', name: 'E2E 审核员' };

/** The code an authenticator shows for `secret`, `steps` periods from now (the server accepts ±1). */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/** The code step after the password: its field is focused and says what it takes. */
async function codeStep(page: Page) {
  await expect(page.getByTestId('totp-step')).toBeVisible();
  const field = page.getByLabel('验证码');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  return field;
}

test('enrol in two-step sign-in, sign in with a code, see and end another browser’s session, recovery codes work once', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const role = await api<{ id: number }>(page, 'POST', '/api/roles', { name: `审核-${REVIEWER.username}`, routes: ['/article/check'], level: 1 });
  expect(role.status).toBe(0);
  const user = await api(page, 'POST', '/api/users', { username: REVIEWER.username, name: REVIEWER.name, password: REVIEWER.password, roleId: role.data.id });
  expect(user.status, JSON.stringify(user)).toBe(0);
  await signOut(page);

  // Enrolment in 个人资料: the QR code and the secret as text, one code, ten recovery codes.
  await signIn(page, REVIEWER.username, REVIEWER.password);
  await page.goto('/user/my');
  await page.getByTestId('totp-enable').click();
  const dialog = page.getByRole('dialog', { name: '开启两步验证' });
  await expect(dialog.getByTestId('totp-qr')).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolCode = dialog.getByLabel('验证码');
  await expect(enrolCode).toBeFocused();
  await settled(page);
  await shot(page, 'totp-enrol-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'totp-enrol-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  // A wrong code is said under the field; Enter sends the right one.
  await enrolCode.fill(codeFor(secret, 10));
  await enrolCode.press('Enter');
  await expect(dialog.getByText(/验证码不正确/)).toBeVisible();
  await enrolCode.fill(codeFor(secret));
  await enrolCode.press('Enter');
  const codesBox = dialog.getByTestId('recovery-codes');
  await expect(codesBox).toContainText('两步验证已开启');
  const recovery = (await codesBox.locator('li').allInnerTexts()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  await settled(page);
  await shot(page, 'totp-recovery-codes');
  await dialog.getByTestId('recovery-codes-saved').click();
  await expect(page.getByTestId('two-step-card')).toContainText('已开启');
  await signOut(page);

  // Password, then the code (the next period's: the enrolment used this one). Enter sends it.
  await fillSignIn(page, REVIEWER.username, REVIEWER.password);
  const field = await codeStep(page);
  await settled(page);
  await shot(page, 'totp-code-step-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'totp-code-step-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await field.fill(codeFor(secret, 1));
  await field.press('Enter');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName(`你好，${REVIEWER.name}，账号菜单`);

  // A second browser signs in with a recovery code and sees the first one in 登录设备.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const other = await context.newPage();
  await other.goto('/login');
  await fillSignIn(other, REVIEWER.username, REVIEWER.password);
  await codeStep(other);
  await other.getByRole('button', { name: /使用恢复码/ }).click();
  const recoveryField = other.getByLabel('恢复码');
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recovery[0]);
  await recoveryField.press('Enter');
  await expect(other).toHaveURL(/\/(\?.*)?$/);
  await other.goto('/user/my');
  const sessions = other.getByTestId('sessions-card');
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  await expect(sessions.getByText('当前设备')).toBeVisible();
  await settled(other);
  await shot(other, 'totp-sessions-1440');
  await other.setViewportSize({ width: 390, height: 844 });
  await settled(other);
  await shot(other, 'totp-sessions-390');
  await other.setViewportSize({ width: 1440, height: 900 });
  await sessions.getByRole('button', { name: /^退出 / }).click();
  await other
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^退\s*出$/ })
    .click();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);

  // The first browser is sent to the login screen, told why.
  await page.goto('/article/check');
  await expect(page).toHaveURL(/\/login\?.*reason=revoked/);
  await expect(page.getByTestId('session-ended')).toContainText('这台设备的登录已在「个人资料 · 登录设备」中被退出');

  // The recovery code the other browser used is refused; another one works.
  await fillSignIn(page, REVIEWER.username, REVIEWER.password);
  await codeStep(page);
  await page.getByRole('button', { name: /使用恢复码/ }).click();
  await page.getByLabel('恢复码').fill(recovery[0]);
  await page.getByLabel('恢复码').press('Enter');
  await expect(page.getByTestId('totp-error')).toContainText('恢复码不正确或已用过');
  await page.getByLabel('恢复码').fill(recovery[1]);
  await page.getByLabel('恢复码').press('Enter');
  await expect(page).toHaveURL(/\/article\/check|\/(\?.*)?$/);
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName(`你好，${REVIEWER.name}，账号菜单`);
  await context.close();
});
