import { lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device panel's Relations tab, which this feature contributes (registered by app/panel-tabs.ts). */
export const RELATIONS_PANEL_TAB: PanelTabDefinition = {
  tab: 'relations',
  Content: lazy(() => import('./relations-panel-tab').then((m) => ({ default: m.RelationsTab }))),
};
