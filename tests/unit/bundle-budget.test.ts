import { describe, expect, it } from 'vitest';
import { budgetKiB, GUARD_KIB, listScreens, RECORDED_KIB } from '@/scripts/bundle-budget';

/** The CI budget's rules (issue 17); the sizes themselves are read from a build by `npm run test:budget`. */
describe('list screens first-load JS budget', () => {
  it('guards the list screens, not the editors, sign-in, preview or error pages', () => {
    const pages = [
      '/',
      '/article/list',
      '/department',
      '/article/addArticle',
      '/article/addImage',
      '/article/createVideo',
      '/article/preview',
      '/login',
      '/user/my',
      '/_not-found',
      '/operation/focus',
    ];
    expect(listScreens(pages)).toEqual(['/', '/article/list', '/department', '/operation/focus']);
  });

  it('holds a recorded screen to its figure plus 5 % until the goal is met, never under the guard', () => {
    expect(budgetKiB('/article/list', undefined)).toBe(Math.round(RECORDED_KIB['/article/list'] * 1.05));
    expect(budgetKiB('/a-new-list', undefined)).toBe(GUARD_KIB);
  });

  it('BUNDLE_BUDGET_KIB sets one budget for every screen (e.g. the guard of 275 KiB)', () => {
    expect(budgetKiB('/article/list', '275')).toBe(275);
  });
});
