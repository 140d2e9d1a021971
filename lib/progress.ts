/**
 * The navigation loading bar's steps: it jumps to 30% when navigation starts, then advances by 45%
 * of what is left until the page arrives, never reaching 100% on its own.
 * @see SEED §9 (loading progress steps of 30 or 45 percent)
 */
export const PROGRESS_START = 30;
export const PROGRESS_STEP = 45;
export const PROGRESS_CEILING = 95;

export function advanceProgress(current: number): number {
  if (current < PROGRESS_START) return PROGRESS_START;
  const next = current + ((100 - current) * PROGRESS_STEP) / 100;
  return Math.min(PROGRESS_CEILING, Math.round(next));
}
