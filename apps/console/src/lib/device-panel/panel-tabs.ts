import type { Device, DeviceType } from '@farola/protocol';
import type { ComponentType, LazyExoticComponent } from 'react';

/** Every tab of the device view (spec §2), in the order shown, each selected by its `?tab=` name. */
export const PANEL_TABS = [
  'details',
  'technicalInformation',
  'parameters',
  'location',
  'scheduling',
  'alarms',
  'eventsHistory',
  'consumption',
  'realTimeMeasures',
  'stats',
  'documentation',
  'relations',
  'traceability',
  'photography',
  'electricalSchema',
  'powerTable',
  'dimmingSpecs',
  'notes',
] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

/**
 * One tab of the device panel, contributed by the feature that owns what it shows (the device
 * feature its own tabs, the alarms feature the Alarms tab, …) and registered by app/ at start.
 * Its label is `tab.<tab>` of namespace device-detail; its content is a lazy component, so that
 * its code loads when the tab is first shown.
 */
export interface PanelTabDefinition {
  tab: PanelTab;
  /** The device kinds that show it; every kind when absent. */
  kinds?: readonly DeviceType[];
  Content: LazyExoticComponent<ComponentType<{ device: Device }>>;
}

const registered = new Map<PanelTab, PanelTabDefinition>();
let byKind: Partial<Record<DeviceType, readonly PanelTab[]>> = {};

/**
 * Adds tabs to the device panel (app/panel-tabs.ts calls it once at start with every feature's).
 * A tab registered twice is an error: two features would claim one tab.
 *
 * @example
 * registerPanelTabs([{ tab: 'alarms', Content: lazy(() => import('./alarms-panel-tab')) }]);
 */
export function registerPanelTabs(definitions: readonly PanelTabDefinition[]): void {
  for (const definition of definitions) {
    if (registered.has(definition.tab)) throw new Error(`the panel tab '${definition.tab}' is registered twice`);
    registered.set(definition.tab, definition);
  }
  byKind = {};
}

/** The registered tabs a device of this kind shows, in spec order (the same array until tabs are added). */
export function tabsFor(deviceType: DeviceType): readonly PanelTab[] {
  return (byKind[deviceType] ??= PANEL_TABS.filter((tab) => {
    const definition = registered.get(tab);
    return definition !== undefined && (definition.kinds?.includes(deviceType) ?? true);
  }));
}

/** The content of a registered tab. */
export function panelTabContent(tab: PanelTab): PanelTabDefinition['Content'] | undefined {
  return registered.get(tab)?.Content;
}

/**
 * The tab `?tab=` names, when a device of this kind shows it; anything else falls back to details.
 *
 * @example
 * parsePanelTab('?tab=parameters', 'cabinet-controller'); // 'parameters'
 * parsePanelTab('?tab=parameters', 'light-point-controller'); // 'details'
 */
export function parsePanelTab(search: string, deviceType: DeviceType): PanelTab {
  const tab = new URLSearchParams(search).get('tab');
  return tabsFor(deviceType).find((candidate) => candidate === tab) ?? 'details';
}
