/**
 * `npm run test:budget` (issue 17), run by `npm test` right after the production build: fails when
 * a list screen's first-load JS, gzipped as sent, grows past its budget. Reads the build's
 * manifests (scripts/bundle-size.ts), no browser: about a second.
 *
 * Issue 17 sets a goal of 250 KiB per list screen and a guard at 275 KiB. Today's screens are about
 * 600 KiB, so until the bundle work lands each screen is held to the figure recorded below plus 5 %
 * (a ratchet: it may shrink, it may not grow). `BUNDLE_BUDGET_KIB=275 npm run test:budget` checks
 * the guard itself; when the bundle work lands, lower RECORDED_KIB in the same commit (a figure
 * under 262 KiB puts that screen on the 275 KiB guard). See docs/decisions.md, issue 17.
 */
import path from 'node:path';
import { allPages, buildId, firstLoadJs, formatKiB } from './bundle-size';

/** Issue 17: a list screen in at most this much first-load JS (gzip) … */
export const GOAL_KIB = 250;
/** … and CI fails past this once the goal is met (the guard the issue asks for). */
export const GUARD_KIB = 275;
/** Growth allowed over a screen's recorded figure while the goal is not met. */
export const RATCHET = 1.05;

/**
 * First-load JS per list screen in KiB (gzip), the ratchet: `npm run test:budget` on the build of
 * branch p-js (antd's App without notification, Card without Tabs, no Collapse, column-filter
 * dropdown or rc-tree in the Table's first load, issue 25, 2026-11-28, 15:20 UTC), never above the earlier
 * record. Earlier figures: docs/bench.md, docs/decisions.md.
 */
export const RECORDED_KIB: Record<string, number> = {
  '/': 375,
  // Every declared plain resource screen (友情链接, 文章来源 …): the catch-all page app/(default)/[...path].
  '/[...path]': 504,
  '/article/check': 497,
  '/article/list': 480,
  '/article/sensitiveWords': 519,
  '/article/videoList': 473,
  '/department': 515,
  '/home': 413,
  '/log': 466,
  '/log/operate': 481,
  '/operation/ad': 514,
  '/operation/brand': 508,
  '/operation/focus': 522,
  '/operation/keywords': 512,
  '/operation/nav': 510,
  '/operation/pcfocus': 522,
  '/operation/pckeywords': 512,
  '/operation/stats': 472,
  '/operation/videofocus': 522,
  '/photo': 541,
  '/photo/tag': 508,
  '/role': 505,
  '/setting': 515,
  '/setting/tag': 513,
  '/setting/topic': 512,
  // Issue 24: 站点接口 (three tabs; 513 once zod left its bundle, was 544); issue 26: the two-step enrolment page (signed-in layout, QR as SVG from the server).
  '/setting/delivery': 513,
  '/login/totp': 355,
  '/store': 517,
  '/video': 550,
  '/video/tag': 514,
};

/** Screens that are not lists: the editors (TinyMCE), sign-in, the preview, one's own pages, error pages. */
const NOT_LISTS = [/^\/article\/(add|addArticle|addImage|addVideo|createVideo|preview)$/, /^\/login$/, /^\/user\//, /^\/_/];

export function listScreens(pages: string[]): string[] {
  return pages.filter((p) => !NOT_LISTS.some((re) => re.test(p)));
}

/**
 * The budget of a screen in KiB: BUNDLE_BUDGET_KIB when set (e.g. the goal, 275), else its recorded
 * figure plus 5 %, but never more than the guard once the goal is met. A list screen with no
 * recorded figure (a new one) is held to the guard.
 */
export function budgetKiB(screen: string, env: string | undefined = process.env.BUNDLE_BUDGET_KIB): number {
  if (env) return Number(env);
  const recorded = RECORDED_KIB[screen];
  return recorded === undefined ? GUARD_KIB : Math.max(GUARD_KIB, Math.round(recorded * RATCHET));
}

function main() {
  const root = path.resolve(__dirname, '..');
  const screens = listScreens(allPages(root));
  const failures: string[] = [];
  console.log(`List screens' first-load JS (gzip), build ${buildId(root)}; goal ${GOAL_KIB} KiB`);
  for (const screen of screens) {
    const size = firstLoadJs(root, screen)!;
    const kib = size.gzipBytes / 1024;
    const budget = budgetKiB(screen);
    const verdict = kib > budget ? 'OVER BUDGET' : kib > GOAL_KIB ? 'within budget, goal not met' : 'goal met';
    console.log(
      `  ${screen.padEnd(26)} ${formatKiB(size.gzipBytes).padStart(9)} in ${String(size.files.length).padStart(2)} files  budget ${budget} KiB  ${verdict}`,
    );
    if (kib > budget) failures.push(`${screen}: ${formatKiB(size.gzipBytes)} > ${budget} KiB`);
  }
  if (failures.length) {
    console.error(`\nFirst-load JS over budget (scripts/bundle-budget.ts, docs/decisions.md issue 17):\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && /bundle-budget\.ts$/.test(process.argv[1])) main();
