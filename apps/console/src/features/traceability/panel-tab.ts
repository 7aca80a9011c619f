import { lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device panel's Traceability tab, which this feature contributes (registered by app/panel-tabs.ts). */
export const TRACEABILITY_PANEL_TAB: PanelTabDefinition = {
  tab: 'traceability',
  Content: lazy(() => import('./traceability-panel-tab').then((m) => ({ default: m.TraceabilityTab }))),
};
