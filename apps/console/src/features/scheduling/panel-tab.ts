import { lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device panel's Scheduling tab, which this feature contributes (registered by app/panel-tabs.ts). */
export const SCHEDULING_PANEL_TAB: PanelTabDefinition = {
  tab: 'scheduling',
  Content: lazy(() => import('./scheduling-panel-tab').then((m) => ({ default: m.SchedulingTab }))),
};
