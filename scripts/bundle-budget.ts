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
 * First-load JS per list screen in KiB (gzip), measured at commit 0706e76 (build of 2026-11-27,
 * `npm run bench:bundle`; a browser's cold visit received the same within 2 KiB).
 */
export const RECORDED_KIB: Record<string, number> = {
  '/': 606,
  '/article/list': 595,
  '/article/videoList': 591,
  '/article/check': 605,
  '/article/sensitiveWords': 601,
  '/department': 595,
  '/role': 588,
  '/log': 586,
  '/log/operate': 591,
  '/home': 591,
  '/photo': 631,
  '/photo/tag': 591,
  '/video': 631,
  '/video/tag': 591,
  '/store': 633,
  '/setting': 592,
  '/setting/tag': 595,
  '/setting/topic': 639,
  /** Added with the screen (issue 16, h/plain), measured at its first build; the others' rule until issue 17 lands. */
  '/setting/source': 588,
  '/operation/ad': 635,
  // h/plain: the picture input (and its library picker) loads after the list, not with it.
  '/operation/brand': 593,
  '/operation/focus': 637,
  '/operation/friendLinks': 588, // h/plain, as the brand's
  '/operation/keywords': 590,
  '/operation/nav': 634,
  '/operation/pcfocus': 637,
  '/operation/pckeywords': 590,
  '/operation/stats': 614,
  '/operation/videofocus': 637,
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
