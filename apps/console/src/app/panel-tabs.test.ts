import { beforeAll, describe, expect, it } from 'vitest';
import { PANEL_TABS, parsePanelTab, tabsFor } from '@/lib/device-panel/panel-tabs';
import { registerAppPanelTabs } from './panel-tabs';

beforeAll(registerAppPanelTabs);

describe("the device panel's tabs, as the features contribute them", () => {
  it('selects every tab a kind shows by its ?tab= name', () => {
    for (const kind of ['light-point-controller', 'cabinet-controller'] as const) {
      for (const tab of tabsFor(kind)) expect(parsePanelTab(`?tab=${tab}`, kind)).toBe(tab);
    }
  });

  it("shows a cabinet's parameters and electrical schema, a light point's dimming specs, and both a power table", () => {
    expect(tabsFor('cabinet-controller')).toEqual(
      expect.arrayContaining(['parameters', 'electricalSchema', 'powerTable']),
    );
    expect(tabsFor('cabinet-controller')).not.toContain('dimmingSpecs');
    expect(tabsFor('light-point-controller')).toEqual(expect.arrayContaining(['powerTable', 'dimmingSpecs']));
    expect(tabsFor('light-point-controller')).not.toContain('parameters');
    expect(new Set([...tabsFor('cabinet-controller'), ...tabsFor('light-point-controller')]).size).toBe(
      PANEL_TABS.length,
    );
    expect(PANEL_TABS).toHaveLength(18);
  });

  it('falls back to details for an unknown tab or one the kind does not show', () => {
    expect(parsePanelTab('?tab=nonsense', 'cabinet-controller')).toBe('details');
    expect(parsePanelTab('', 'cabinet-controller')).toBe('details');
    expect(parsePanelTab('?tab=parameters', 'light-point-controller')).toBe('details');
    expect(parsePanelTab('?tab=dimmingSpecs', 'cabinet-controller')).toBe('details');
  });
});
