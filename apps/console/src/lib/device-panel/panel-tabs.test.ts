import type { Device } from '@farola/protocol';
import { lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { panelTabContent, parsePanelTab, registerPanelTabs, tabsFor } from './panel-tabs';

const content = lazy(() => Promise.resolve({ default: (() => null) as ComponentType<{ device: Device }> }));

describe('the panel tab registry', () => {
  it("shows the registered tabs in the specification's order, whatever order the features register them in", () => {
    registerPanelTabs([{ tab: 'notes', Content: content }]);
    registerPanelTabs([
      { tab: 'parameters', kinds: ['cabinet-controller'], Content: content },
      { tab: 'details', Content: content },
    ]);
    expect(tabsFor('cabinet-controller')).toEqual(['details', 'parameters', 'notes']);
    expect(tabsFor('light-point-controller')).toEqual(['details', 'notes']);
    expect(panelTabContent('notes')).toBe(content);
    expect(panelTabContent('alarms')).toBeUndefined();
  });

  it('falls back to details for a tab nobody registered', () => {
    expect(parsePanelTab('?tab=alarms', 'cabinet-controller')).toBe('details');
  });

  it('refuses a tab that two features claim', () => {
    expect(() => registerPanelTabs([{ tab: 'details', Content: content }])).toThrow(
      "the panel tab 'details' is registered twice",
    );
  });
});
