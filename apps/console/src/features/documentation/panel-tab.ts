import { lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device panel's Documentation tab, which this feature contributes (registered by app/panel-tabs.ts). */
export const DOCUMENTATION_PANEL_TAB: PanelTabDefinition = {
  tab: 'documentation',
  Content: lazy(() => import('./documentation-panel-tab').then((m) => ({ default: m.DocumentationTab }))),
};
