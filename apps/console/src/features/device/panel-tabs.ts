/** The panel's tabs, selected by `?tab=`; unknown values fall back to details. */
export const PANEL_TABS = ['details', 'realTimeMeasures', 'eventsHistory'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

export function parsePanelTab(search: string): PanelTab {
  const tab = new URLSearchParams(search).get('tab');
  return PANEL_TABS.find((candidate) => candidate === tab) ?? 'details';
}
