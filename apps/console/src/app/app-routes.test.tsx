import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildMe } from '@/lib/api/data-generators';
import { queryClient } from '@/lib/query/query-client';
import { createDemoUser } from './auth/demo-user';
import { ROUTES } from './routes';
import { currentPath, renderAppAt, settleRoutes, userWithRoles } from './testing/render-app';

// Device screens follow the device live: the test plays the socket.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Serves one device over `GET /devices/{id}` and empty lists for everything else. */
function serveDevice(device: ReturnType<typeof buildDevice>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const body = pathname.endsWith(`/devices/${device.id}`) ? device : { items: [], nextCursor: null, total: 0 };
      return new Response(JSON.stringify(body));
    }),
  );
}

const LATER = 'This screen arrives in a later version of Farola.';

describe('the console routes', () => {
  it('sends a user with only view-devices who opens /alarms to the Unauthorized page', async () => {
    const { location } = await renderAppAt('/alarms', userWithRoles(['view-devices']));
    expect((await screen.findByTestId('unauthorized')).textContent).toContain('Access not granted');
    expect(currentPath(location)).toBe('/unauthorized');
  });

  it('shows the Alarms screen to a user holding view-alarms', async () => {
    const { location } = await renderAppAt('/alarms', userWithRoles(['view-alarms']));
    expect(screen.getByRole('heading', { level: 1, name: 'Alarms' })).toBeDefined();
    expect(screen.getByText(LATER)).toBeDefined();
    expect(currentPath(location)).toBe('/alarms');
  });

  it('lets an admin into a screen whose roles it does not list', async () => {
    await renderAppAt('/traceability', userWithRoles(['admin']));
    expect(screen.getByRole('heading', { level: 1, name: 'Traceability' })).toBeDefined();
  });

  it('shows Page not found with a Back to home link for an unknown path', async () => {
    const { location } = await renderAppAt('/no/such/screen', userWithRoles([]));
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeDefined();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to home' })));
    await settleRoutes();
    expect(currentPath(location)).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Farola' })).toBeDefined();
  });

  it('sends a user who administers no project from user management to the Unauthorized page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(buildMe({ roles: ['manage-devices'] })))),
    );
    const { location } = await renderAppAt('/users', userWithRoles(['manage-devices']));
    expect(await screen.findByTestId('unauthorized')).toBeDefined();
    expect(currentPath(location)).toBe('/unauthorized');
  });

  it("lets a project's administrator into user management", async () => {
    const me = buildMe({ administeredProjectIds: ['00000000-0000-4000-8000-000000000003'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const { pathname } = new URL(String(input), 'http://localhost');
        return new Response(JSON.stringify(pathname.endsWith('/me') ? me : { items: [], nextCursor: null, total: 0 }));
      }),
    );
    const { location } = await renderAppAt('/users', userWithRoles([]));
    expect(screen.getByRole('heading', { level: 1, name: 'User management' })).toBeDefined();
    expect(currentPath(location)).toBe('/users');
  });

  it('redirects /inventory to the light points list', async () => {
    const { location } = await renderAppAt('/inventory', userWithRoles(['view-devices']));
    expect(currentPath(location)).toBe('/inventory/light-points');
    expect(screen.getByRole('heading', { level: 1, name: 'Light points' })).toBeDefined();
  });

  it('redirects /update-downloads to the cabinet update downloads', async () => {
    const { location } = await renderAppAt('/update-downloads', userWithRoles(['manage-devices']));
    expect(currentPath(location)).toBe('/update-downloads/cabinet-update-downloads');
  });

  it('keeps device details from a user who may only view devices', async () => {
    const { location } = await renderAppAt('/inventory/light-points/devices/d-1', userWithRoles(['view-devices']));
    expect(currentPath(location)).toBe('/unauthorized');
  });

  it("reuses the device view on the inventory's device page, whose tabs and breadcrumb stay in the inventory", async () => {
    const device = buildDevice({ seed: 551, name: 'Avinguda Diagonal 640' });
    serveDevice(device);
    const { location } = await renderAppAt(
      `/inventory/light-points/devices/${device.id}`,
      userWithRoles(['manage-devices']),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Light point details' })).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Avinguda Diagonal 640' })).toBeDefined();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Events history' })));
    expect(currentPath(location)).toBe(`/inventory/light-points/devices/${device.id}?tab=eventsHistory`);
    // A page of its own: no Close, a breadcrumb back to the list.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await act(async () => fireEvent.click(within(breadcrumb).getByRole('link', { name: 'Light points' })));
    await settleRoutes();
    expect(currentPath(location)).toBe('/inventory/light-points');
  });

  // Map routes are C2's live map (network and Leaflet); their role list is open, which the table test covers.
  const screens = ROUTES.filter((route) => !route.path.startsWith('/map'));
  it.each(screens.map((route) => [route.path.replace(':id', 'p-1').replace(':subProjectId', 's-1')]))(
    'lets the demo user into %s',
    async (path) => {
      const { location } = await renderAppAt(path, createDemoUser());
      expect(screen.queryByTestId('unauthorized')).toBeNull();
      expect(screen.queryByText('Page not found')).toBeNull();
      expect(currentPath(location)).not.toBe('/unauthorized');
    },
  );

  it('declares no roles for the home and map routes', () => {
    const open = ROUTES.filter((route) => route.requiresRole.length === 0).map((route) => route.path);
    expect(open).toEqual(expect.arrayContaining(['/', '/map', '/map/devices/:id']));
  });
});

describe('the main navigation', () => {
  it('shows only the links whose screens the user may open', async () => {
    await renderAppAt('/', userWithRoles(['view-devices', 'view-dashboard']));
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    const links = nav.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Map', 'Dashboard', 'Inventory', 'Queued requests']);
  });

  it('shows every link to the demo user', async () => {
    await renderAppAt('/', createDemoUser());
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getAllByRole('link')).toHaveLength(9);
  });
});
