import type { DeviceType } from '@farola/protocol';

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
 * Tabs about one kind's hardware: a cabinet's configuration and circuits, a luminaire's dimming.
 * Both kinds have a power table: a cabinet's configured one, a luminaire's by dimming level.
 */
const KIND_ONLY: Partial<Record<PanelTab, DeviceType>> = {
  parameters: 'cabinet-controller',
  electricalSchema: 'cabinet-controller',
  dimmingSpecs: 'light-point-controller',
};

const ofKind = (deviceType: DeviceType) => PANEL_TABS.filter((tab) => (KIND_ONLY[tab] ?? deviceType) === deviceType);
const TABS_OF_KIND: Record<DeviceType, readonly PanelTab[]> = {
  'light-point-controller': ofKind('light-point-controller'),
  'cabinet-controller': ofKind('cabinet-controller'),
};

/** The tabs a device of this kind shows (the same array every time). */
export function tabsFor(deviceType: DeviceType): readonly PanelTab[] {
  return TABS_OF_KIND[deviceType];
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
