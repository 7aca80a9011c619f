import { ALARMS_PANEL_TAB } from '@/features/alarms/panel-tab';
import { DEVICE_PANEL_TABS } from '@/features/device/panel-tab-definitions';
import { DOCUMENTATION_PANEL_TAB } from '@/features/documentation/panel-tab';
import { RELATIONS_PANEL_TAB } from '@/features/relations/panel-tab';
import { SCHEDULING_PANEL_TAB } from '@/features/scheduling/panel-tab';
import { TRACEABILITY_PANEL_TAB } from '@/features/traceability/panel-tab';
import { registerPanelTabs } from '@/lib/device-panel/panel-tabs';

/**
 * The device panel's tabs, each from the feature that owns what it shows: the panel (features/device)
 * shows what is registered here, in the specification's order. A feature's new tab is one line.
 * Called when the console starts (render-app.tsx; the definitions hold lazy components only); a
 * later call registers the same definitions again, which changes nothing.
 */
export function registerAppPanelTabs(): void {
  registerPanelTabs([
    ...DEVICE_PANEL_TABS,
    SCHEDULING_PANEL_TAB,
    ALARMS_PANEL_TAB,
    DOCUMENTATION_PANEL_TAB,
    RELATIONS_PANEL_TAB,
    TRACEABILITY_PANEL_TAB,
  ]);
}
