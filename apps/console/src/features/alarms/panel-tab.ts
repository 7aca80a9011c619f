import { lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device panel's Alarms tab, which this feature contributes (registered by app/panel-tabs.ts). */
export const ALARMS_PANEL_TAB: PanelTabDefinition = {
  tab: 'alarms',
  Content: lazy(() => import('./alarms-panel-tab').then((m) => ({ default: m.AlarmsTab }))),
};
