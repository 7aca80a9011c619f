import { useLayoutEffect, useState, type RefObject } from 'react';
import type { PanelTab } from '@/lib/device-panel/panel-tabs';
import { overflowingTabs } from './tab-rows';

/** Tabs kept in the strip longest when it is narrow, after the selected one: the most used. */
const KEPT_VISIBLE: ReadonlySet<PanelTab> = new Set(['details', 'realTimeMeasures', 'eventsHistory']);

/** Rows the tab strip may take before tabs go into 'More tabs'. */
export const TAB_ROWS = 2;
/** Room kept beside the tabs for the 'More tabs' button. */
const MORE_BUTTON_WIDTH = 36;

const sameSet = (a: ReadonlySet<PanelTab>, b: ReadonlySet<PanelTab>) =>
  a.size === b.size && [...a].every((tab) => b.has(tab));

/**
 * The tabs that do not fit `TAB_ROWS` rows of the strip in `row` and go into 'More tabs' (never
 * the selected one), from each tab's width (`data-tab` elements; hidden ones keep theirs, out of
 * the flow) and the strip's, measured again when the strip is resized or the tabs, the selected
 * one or their labels change.
 */
export function useOverflowingTabs(
  row: RefObject<HTMLElement | null>,
  tabs: readonly PanelTab[],
  selected: PanelTab,
  labelsKey: string,
): ReadonlySet<PanelTab> {
  const [hidden, setHidden] = useState<ReadonlySet<PanelTab>>(() => new Set());
  useLayoutEffect(() => {
    const priorityOf = (tab: PanelTab) => (tab === selected ? 3 : KEPT_VISIBLE.has(tab) ? 2 : 1);
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const widths = new Map(
        [...element.querySelectorAll<HTMLElement>('[data-tab]')].map((tab) => [
          tab.dataset['tab'],
          tab.getBoundingClientRect().width,
        ]),
      );
      const boxes = tabs.map((id) => ({ id, width: widths.get(id) ?? 0, priority: priorityOf(id) }));
      const next = overflowingTabs(boxes, element.getBoundingClientRect().width, TAB_ROWS, MORE_BUTTON_WIDTH);
      setHidden((current) => (sameSet(current, next) ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [row, tabs, selected, labelsKey]);
  return hidden;
}
