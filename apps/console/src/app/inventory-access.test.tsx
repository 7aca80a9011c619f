import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFleetColumns, fleetColumnsJson } from '@farola/protocol';
import { buildDevice, buildFleetColumns, buildMe } from '@/lib/api/data-generators';
import { toFleetDevice } from '@/lib/api/fleet';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/config';
import { queryClient } from '@/lib/query/query-client';
import { currentPath, renderAppAt, settleRoutes, userWithRoles } from './testing/render-app';

// The map's device panel follows the device live: the test plays the socket.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

// The inventory's and the map's screens are chunks of their own, slow to load under jsdom.
beforeAll(() => {
  configure({ asyncUtilTimeout: 10_000 });
  setRuntimeConfig(parseRuntimeConfig({}));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const lightPoint = buildDevice({ seed: 1 });
const cabinet = buildDevice({
  seed: 2,
  deviceType: 'cabinet-controller',
  name: 'Cabinet 2',
  imei: null,
  ip: '10.0.0.2',
});

/** Serves the inventory lists (one device each) and each device by id; empty lists for everything else. */
function serveInventory() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/fleet/columns'))
        return new Response(
          fleetColumnsJson(encodeFleetColumns(buildFleetColumns([lightPoint, cabinet].map(toFleetDevice)))),
        );
      if (url.pathname.endsWith('/me'))
        return new Response(JSON.stringify(buildMe({ projectIds: [lightPoint.projectId] })));
      const device = [lightPoint, cabinet].find((candidate) => url.pathname.endsWith(`/devices/${candidate.id}`));
      if (device) return new Response(JSON.stringify(device));
      const listed = url.pathname.endsWith('/devices')
        ? [lightPoint, cabinet].filter((candidate) => candidate.deviceType === url.searchParams.get('deviceType'))
        : [];
      return new Response(JSON.stringify({ items: listed, nextCursor: null, total: listed.length }));
    }),
  );
}

async function deviceLink(name: string) {
  return (await screen.findByRole('link', { name })).getAttribute('href');
}

describe("an inventory list's device names", () => {
  it('open the device page for a user whose roles open it', async () => {
    serveInventory();
    await renderAppAt('/inventory/light-points', userWithRoles(['edit-device']));
    expect(await deviceLink('Luminaire 1')).toBe(`/inventory/light-points/devices/${lightPoint.id}`);
  });

  it("open a viewer's device on the map, whose panel is open to all, not a page that would refuse them", async () => {
    serveInventory();
    const { location } = await renderAppAt('/inventory/cabinet-controllers', userWithRoles(['view-devices']));
    expect(await deviceLink('Cabinet 2')).toBe(`/map/devices/${cabinet.id}?tab=details`);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Cabinet 2' })));
    await settleRoutes();
    expect(currentPath(location)).toBe(`/map/devices/${cabinet.id}?tab=details`);
    expect(screen.queryByTestId('unauthorized')).toBeNull();
    expect((await screen.findByTestId('device-panel')).textContent).toContain(cabinet.serialNumber);
  });
});

describe("an inventory list's bulk actions", () => {
  async function selectFirstDevice(roles: string[]) {
    serveInventory();
    await renderAppAt('/inventory/light-points', userWithRoles(roles));
    await act(async () => fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Luminaire 1' })));
    await screen.findByText(/1 selected/);
  }

  it('are offered to a user who may command devices', async () => {
    await selectFirstDevice(['manage-devices']);
    expect(await screen.findByRole('button', { name: 'Actions (1)' })).toBeDefined();
  });

  it('are not offered to a user whose actions the server would refuse', async () => {
    await selectFirstDevice(['edit-device']);
    // The menu is a chunk of its own: once it is surely in, it would show by now.
    await act(async () => {
      await import('@/features/bulk/bulk-actions-menu');
    });
    expect(screen.queryByRole('button', { name: /^Actions/ })).toBeNull();
  });
});
