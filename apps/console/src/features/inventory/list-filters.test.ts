import { describe, expect, it } from 'vitest';
import { devicesQuery, filtersSearch, parseFilters } from './list-filters';

describe('inventory list filters', () => {
  it('read back from the URL what they wrote to it', () => {
    const filters = parseFilters(
      '?view=maintenance&status=revision&connection=disconnected&vendor=vega&q=A-12&installedFrom=2026-01-01&installedTo=2026-02-01&limit=100&groupId=7f3c2b1a-0000-4000-8000-000000000001',
    );
    expect(filters).toEqual({
      view: 'maintenance',
      status: 'revision',
      connection: 'disconnected',
      vendor: 'vega',
      q: 'A-12',
      projectId: undefined,
      groupId: '7f3c2b1a-0000-4000-8000-000000000001',
      installedFrom: '2026-01-01',
      installedTo: '2026-02-01',
      limit: 100,
    });
    const search = new URLSearchParams(
      Object.entries(filtersSearch(filters)).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
    );
    expect(parseFilters(`?${search.toString()}`)).toEqual(filters);
  });

  it('leave out what is unknown or malformed, and a status outside the chosen list', () => {
    expect(
      parseFilters('?view=everything&status=ready&connection=maybe&vendor=acme&installedFrom=yesterday&limit=7'),
    ).toEqual(
      expect.objectContaining({
        view: 'all',
        status: 'ready',
        connection: undefined,
        vendor: undefined,
        installedFrom: undefined,
        limit: 50,
      }),
    );
    // 'ready' devices are in neither the Inventory nor the Maintenance list.
    expect(parseFilters('?view=maintenance&status=ready').status).toBeUndefined();
  });

  it('ask the server for exactly what the page shows, including whole days of installation', () => {
    const query = devicesQuery(
      'cabinet-controller',
      parseFilters('?view=inventory&connection=connected&installedTo=2026-03-31'),
    );
    expect(query).toMatchObject({
      deviceType: 'cabinet-controller',
      list: 'inventory',
      connected: 'true',
      limit: 50,
    });
    expect(devicesQuery('light-point-controller', parseFilters('?groupId=g-1'))).toMatchObject({ groupId: 'g-1' });
    // The upper bound is the next local midnight: the whole last day is included.
    expect(new Date(String(query['installedTo'])).getDate()).toBe(1);
    expect(new Date(String(query['installedTo'])).getMonth()).toBe(3);
  });
});
