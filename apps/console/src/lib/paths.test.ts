import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the path builders', () => {
  it('fill in a route pattern and encode its parameters', () => {
    expect(paths.mapDevice.build({ id: 'a b/c' })).toBe('/map/devices/a%20b%2Fc');
    expect(paths.subProject.build({ id: 'p-1', subProjectId: 's-2' })).toBe('/projects/p-1/s-2');
  });

  it('add the query, leaving out undefined values', () => {
    expect(paths.lightPointDevice.build({ id: 'd-1' }, { tab: 'eventsHistory', extra: undefined })).toBe(
      '/inventory/light-points/devices/d-1?tab=eventsHistory',
    );
    expect(paths.map.build()).toBe('/map');
  });

  it('keep every pattern distinct, so no screen shadows another', () => {
    const patterns = Object.values(paths).map((path) => path.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
