import type { Device } from '@farola/protocol';
import { lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { createPanelTabRegistry } from './panel-tabs';

const content = lazy(() => Promise.resolve({ default: (() => null) as ComponentType<{ device: Device }> }));

describe('the panel tab registry', () => {
  const { register, tabsFor, contentOf, parse } = createPanelTabRegistry();

  it("shows the registered tabs in the specification's order, whatever order the features register them in", () => {
    register([{ tab: 'notes', Content: content }]);
    register([
      { tab: 'parameters', kinds: ['cabinet-controller'], Content: content },
      { tab: 'details', Content: content },
    ]);
    expect(tabsFor('cabinet-controller')).toEqual(['details', 'parameters', 'notes']);
    expect(tabsFor('light-point-controller')).toEqual(['details', 'notes']);
    expect(contentOf('notes')).toBe(content);
    expect(contentOf('alarms')).toBeUndefined();
  });

  it('falls back to details for a tab nobody registered', () => {
    expect(parse('?tab=alarms', 'cabinet-controller')).toBe('details');
  });

  it('refuses a tab that two features claim', () => {
    expect(() => register([{ tab: 'details', Content: content }])).toThrow(
      "the panel tab 'details' is registered twice",
    );
  });

  it('takes the same definition twice without complaint', () => {
    const { register: registerOnce, tabsFor: tabsOfOwn } = createPanelTabRegistry();
    const notes = { tab: 'notes', Content: content } as const;
    registerOnce([notes]);
    registerOnce([notes]);
    expect(tabsOfOwn('cabinet-controller')).toEqual(['notes']);
  });
});
