import { expect, test } from '@playwright/test';
import { expectAccessible, shot, signIn } from './helpers';

/**
 * 绑定钉钉 without DingTalk configured (the e2e server has no DINGTALK_CLIENT_ID): the screen says
 * what an administrator must set, and the login screen offers no DingTalk button. The binding and
 * sign-in round trips are tested against recorded DingTalk replies in tests/api/dingtalk.test.ts.
 */
test('绑定钉钉 says DingTalk is not set up and how to set it up; the login screen offers only the password', async ({ page }) => {
  await page.goto('/login?dingtalk=off');
  await expect(page.getByTestId('dingtalk-note')).toContainText('钉钉登录未配置');
  await expect(page.getByRole('link', { name: '钉钉登录' })).toHaveCount(0);
  await signIn(page);
  await page.goto('/user/bindDingtalk');
  await expect(page.getByRole('heading', { level: 1, name: '绑定钉钉' })).toBeVisible();
  await expect(page.getByText('钉钉登录未配置')).toBeVisible();
  await expect(page.getByText(/DINGTALK_CLIENT_ID/)).toBeVisible();
  await expectAccessible(page, 'bind dingtalk');
  await shot(page, 'bind-dingtalk');
});
