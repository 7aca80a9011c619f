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

/** A registry of panel tabs: the console has one (below); tests of the registry make their own. */
export interface PanelTabRegistry {
  /**
   * Adds tabs. A tab claimed by two different definitions is an error (two features would claim
   * one tab); registering the same definition again changes nothing.
   */
  register: (definitions: readonly PanelTabDefinition[]) => void;
  /** The registered tabs a device of this kind shows, in spec order (the same array until tabs are added). */
  tabsFor: (deviceType: DeviceType) => readonly PanelTab[];
  /** The content of a registered tab. */
  contentOf: (tab: PanelTab) => PanelTabDefinition['Content'] | undefined;
  /** The tab `?tab=` names, when a device of this kind shows it; anything else falls back to details. */
  parse: (search: string, deviceType: DeviceType) => PanelTab;
}

export function createPanelTabRegistry(): PanelTabRegistry {
  const registered = new Map<PanelTab, PanelTabDefinition>();
  let byKind: Partial<Record<DeviceType, readonly PanelTab[]>> = {};
  const tabsFor = (deviceType: DeviceType) =>
    (byKind[deviceType] ??= PANEL_TABS.filter((tab) => {
      const definition = registered.get(tab);
      return definition !== undefined && (definition.kinds?.includes(deviceType) ?? true);
    }));
  return {
    register: (definitions) => {
      for (const definition of definitions) {
        const claimed = registered.get(definition.tab);
        if (claimed !== undefined && claimed !== definition) {
          throw new Error(`the panel tab '${definition.tab}' is registered twice`);
        }
      }
      for (const definition of definitions) registered.set(definition.tab, definition);
      byKind = {};
    },
    tabsFor,
    contentOf: (tab) => registered.get(tab)?.Content,
    parse: (search, deviceType) => {
      const tab = new URLSearchParams(search).get('tab');
      return tabsFor(deviceType).find((candidate) => candidate === tab) ?? 'details';
    },
  };
}

const panelTabs = createPanelTabRegistry();

/**
 * Adds tabs to the device panel (app/panel-tabs.ts calls it once at start with every feature's).
 *
 * @example
 * registerPanelTabs([{ tab: 'alarms', Content: lazy(() => import('./alarms-panel-tab')) }]);
 */
export const registerPanelTabs = panelTabs.register;

/** The registered tabs a device of this kind shows, in spec order. */
export const tabsFor = panelTabs.tabsFor;

/** The content of a registered tab. */
export const panelTabContent = panelTabs.contentOf;

/**
 * The tab `?tab=` names, when a device of this kind shows it; anything else falls back to details.
 *
 * @example
 * parsePanelTab('?tab=parameters', 'cabinet-controller'); // 'parameters'
 * parsePanelTab('?tab=parameters', 'light-point-controller'); // 'details'
 */
export const parsePanelTab = panelTabs.parse;
