export interface TabBox<T extends string> {
  id: T;
  /** Its natural width in px. */
  width: number;
  /** Higher stays in the strip longer. */
  priority: number;
}

/** How many rows `widths`, in order, take when wrapped into rows `room` px wide. */
function rowsTaken(widths: readonly number[], room: number): number {
  let rows = 1;
  let used = 0;
  for (const width of widths) {
    if (used > 0 && used + width > room) {
      rows += 1;
      used = 0;
    }
    used += width;
  }
  return rows;
}

/**
 * The tabs that go into 'More tabs' so that the others fit `rows` rows of `width` px, the menu's
 * button (`moreWidth`) beside them: the lowest priority first, the later of equal ones first;
 * then any of those that still fits a gap the others left comes back.
 *
 * @example
 * overflowingTabs([{ id: 'a', width: 80, priority: 2 }, { id: 'b', width: 80, priority: 1 }], 100, 1, 20);
 * // Set { 'b' }
 */
export function overflowingTabs<T extends string>(
  tabs: readonly TabBox<T>[],
  width: number,
  rows: number,
  moreWidth: number,
): Set<T> {
  const hidden = new Set<T>();
  // Keep half a pixel in hand against the browser's rounding of sub-pixel widths when it wraps.
  const fits = () => {
    const room = (hidden.size > 0 ? width - moreWidth : width) - 0.5;
    return (
      rowsTaken(
        tabs.filter((tab) => !hidden.has(tab.id)).map((tab) => tab.width),
        room,
      ) <= rows
    );
  };
  const byDroppingOrder = [...tabs].reverse().sort((a, b) => a.priority - b.priority);
  for (const tab of byDroppingOrder) {
    if (fits() || hidden.size === tabs.length - 1) break;
    hidden.add(tab.id);
  }
  for (const tab of [...byDroppingOrder].reverse()) {
    if (!hidden.has(tab.id)) continue;
    hidden.delete(tab.id);
    if (!fits()) hidden.add(tab.id);
  }
  return hidden;
}
