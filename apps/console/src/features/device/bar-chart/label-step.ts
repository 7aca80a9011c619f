/** The least room (px) kept between two neighbouring axis labels. */
export const LABEL_GAP = 8;

/**
 * Every how many bars an axis label can be shown without touching its neighbours: labels sit
 * centred under their bars, so two shown labels `step` bars apart are `step × column` apart.
 *
 * @example
 * labelStep(40, 28); // 1: every month's name fits under its bar
 * labelStep(14, 14); // 2: every other day's number
 */
export function labelStep(column: number, widestLabel: number, gap = LABEL_GAP): number {
  if (column <= 0) return 1;
  return Math.max(1, Math.ceil((widestLabel + gap) / column));
}
