import { expect, test, editorFrame, settled, signIn, toolbarButtonByKeyboard, waitForEditor } from './helpers';

/**
 * Issue 23 (review P2-8, P2-9, P3-21), keyboard only in 写文章: a block dialog opens in its first
 * field, Enter on the choice inserts, and the caret is back in the body so the next sentence lands
 * there; typing on a selected block goes to the paragraph after it, with a word of why; the checklist
 * before sending starts on 去补充, and Enter there puts the caret in 分类.
 */

test('keyboard only: 插入投票 from the toolbar, typing goes on in the body; the checklist starts on 去补充', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/article/addArticle');
  await waitForEditor(page);
  await page.getByLabel('标题', { exact: true }).fill('键盘插入投票');
  await editorFrame(page).locator('body').click();
  await page.keyboard.type('开头。');

  // Alt+F10 → 插入投票 → Enter: the dialog's first field has the keyboard, not ×.
  await toolbarButtonByKeyboard(page, '插入投票', { clickBody: false });
  await page.keyboard.press('Enter');
  const voteDialog = page.getByRole('dialog', { name: '插入投票' });
  const activity = voteDialog.getByLabel('投票活动');
  await expect(activity).toBeFocused();
  await settled(page);
  await page.screenshot({ path: '/tmp/keyboard-vote-dialog-1440.png' });
  // ↓ opens the list (once the host has answered), Enter chooses, Enter again inserts.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(activity).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(voteDialog).toBeHidden();
  const vote = editorFrame(page).locator('div.cms-vote');
  await expect(vote).toHaveAttribute('data-activity-id', /^\d+$/);

  // The caret is back in the body, below the block: the next sentence lands there.
  await settled(page);
  await page.keyboard.type('继续写正文。');
  await expect(editorFrame(page).locator('div.cms-vote + p')).toHaveText('继续写正文。');
  await expect(page.getByRole('button', { name: '插入投票' })).not.toBeFocused();

  // Typing with the block's caption clicked: the key goes to the paragraph after it, and it says why.
  await vote.locator('p').first().click();
  await page.keyboard.type('abc');
  await expect(editorFrame(page).locator('div.cms-vote + p')).toHaveText('abc继续写正文。');
  const why = page.getByText('插入的块不能直接输入文字，已移到块后面的段落');
  await expect(why).toBeVisible();
  await expect(why).toBeHidden({ timeout: 5000 });

  // 询价 opens in its first field too.
  await toolbarButtonByKeyboard(page, '插入询价卡片（品牌 → 车系 → 车型）', { clickBody: false });
  await page.keyboard.press('Enter');
  const inquiry = page.getByRole('dialog', { name: '插入询价卡片' });
  await expect(inquiry.getByLabel('品牌')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(inquiry).toBeHidden();
  await page.keyboard.type('再一句。');
  await expect(editorFrame(page).locator('body')).toContainText('再一句。');

  // 发布 with 分类, 封面 and 摘要 missing: the checklist starts on 去补充; Enter goes to 分类.
  await page.getByLabel('保存与发布').getByRole('button', { name: '发布' }).focus();
  await page.keyboard.press('Enter');
  const checklist = page.getByRole('dialog', { name: '发布前请检查' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('button', { name: '去补充' })).toBeFocused();
  await page.screenshot({ path: '/tmp/keyboard-checklist-1440.png' });
  await page.keyboard.press('Enter');
  await expect(checklist).toBeHidden();
  await expect(page.getByLabel('分类')).toBeFocused();
  // Nothing was sent.
  await expect(page.getByTestId('status-tag')).not.toHaveText('已发布');
});
