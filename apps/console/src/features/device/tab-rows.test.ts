import { describe, expect, it } from 'vitest';
import { overflowingTabs, type TabBox } from './tab-rows';

const tab = (id: string, width: number, priority = 1): TabBox<string> => ({ id, width, priority });

describe('overflowingTabs', () => {
  it('keeps every tab when they fit the rows', () => {
    expect(overflowingTabs([tab('a', 100), tab('b', 100), tab('c', 100)], 210, 2, 30)).toEqual(new Set());
  });

  it('wraps the tabs onto a second row before sending any to the menu', () => {
    // 408 px: 62 + 160 + 150 on the first row, 95 + 70 + 112 on the second.
    const tabs = [tab('details', 62), tab('technical', 160), tab('location', 150), tab('scheduling', 95)];
    expect(overflowingTabs([...tabs, tab('alarms', 70), tab('events', 112)], 408, 2, 32)).toEqual(new Set());
    expect(overflowingTabs([...tabs, tab('alarms', 70), tab('events', 112)], 408, 1, 32)).toEqual(
      new Set(['events', 'alarms', 'scheduling']),
    );
  });

  it('leaves room for the menu button once a tab goes into it, dropping later tabs first', () => {
    const tabs = [tab('a', 100), tab('b', 100), tab('c', 100), tab('d', 100)];
    // 410 px hold all four; with one in the menu, 378 px hold three.
    expect(overflowingTabs(tabs, 410, 1, 32)).toEqual(new Set());
    expect(overflowingTabs([...tabs, tab('e', 100)], 410, 1, 32)).toEqual(new Set(['e', 'd']));
  });

  it('drops lower priorities first and keeps the highest (the selected tab) whatever its place', () => {
    const tabs = [tab('a', 100), tab('b', 100), tab('selected', 100, 3), tab('kept', 100, 2), tab('e', 100)];
    expect(overflowingTabs(tabs, 332, 1, 32)).toEqual(new Set(['e', 'b', 'a']));
  });

  it('brings back a dropped tab that fits a gap the others left', () => {
    // The light point's tabs in the map's 408 px panel: 'Location / GPS Data' does not fit beside
    // the kept 'Events history' and 'Real time measures', but 'Scheduling' and 'Alarms' do.
    const tabs = [
      tab('details', 62, 3),
      tab('technical', 160),
      tab('location', 150),
      tab('scheduling', 95),
      tab('alarms', 70),
      tab('events', 112, 2),
      tab('consumption', 110),
      tab('measures', 148, 2),
      tab('stats', 55),
    ];
    expect(overflowingTabs(tabs, 408, 2, 36)).toEqual(new Set(['location', 'consumption', 'stats']));
  });

  it('keeps one tab even when none fits', () => {
    expect(overflowingTabs([tab('a', 500, 2), tab('b', 500)], 100, 1, 32)).toEqual(new Set(['b']));
  });
});
