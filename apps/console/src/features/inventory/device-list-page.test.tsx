import type { Device } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildDevice, buildGroup, buildProject, PROJECT_ID } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { LightPointsPage } from './inventory-pages';

/** 60 orion light points and 10 vega ones, in serial number order as the server lists them. */
const fleet: Device[] = Array.from({ length: 70 }, (_, i) =>
  buildDevice({ seed: i + 1, vendor: i < 60 ? 'orion' : 'vega' }),
);

const NORTH_ID = '00000000-0000-4000-8000-0000000000f1';
const projects = [buildProject({ id: PROJECT_ID, name: 'Centre' }), buildProject({ id: NORTH_ID, name: 'North' })];
/** The vega light points are in the park's group, the others in the default group. */
const defaultGroup = buildGroup({ seed: 1, name: 'Default group', isDefault: true });
const park = buildGroup({ seed: 2, name: 'Park' });
const northStreets = buildGroup({ seed: 3, name: 'North streets', projectId: NORTH_ID });
const groupOf = (device: Device) => (device.vendor === 'vega' ? park.id : defaultGroup.id);

/**
 * Plays `GET /devices` (paged by an index cursor) and `GET /devices/ids` over fetch, filtering by
 * vendor and group; `idsCap` stands in for the server's bulk limit.
 */
function serveDevices(idsCap = Infinity) {
  const json = (body: unknown) => new Response(JSON.stringify(body));
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    const vendor = url.searchParams.get('vendor');
    const groupId = url.searchParams.get('groupId');
    const matching = fleet.filter(
      (device) => (!vendor || device.vendor === vendor) && (!groupId || groupOf(device) === groupId),
    );
    if (path === 'projects') return json({ items: projects, nextCursor: null, total: projects.length });
    if (path === 'groups') return json({ items: [defaultGroup, park, northStreets], nextCursor: null, total: 3 });
    if (path === 'devices/ids') {
      const ids = matching.slice(0, idsCap).map((device) => device.id);
      return json({ ids, total: matching.length, truncated: ids.length < matching.length });
    }
    if (path === 'devices') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + Number(url.searchParams.get('limit'));
      return json({
        items: matching.slice(start, end),
        nextCursor: end < matching.length ? String(end) : null,
        total: matching.length,
      });
    }
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The list at 25 items per page; its bulk actions show how many devices they would act on. */
function renderList(search = 'limit=25') {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/inventory/light-points', searchPath: search });
  const actedOn: (readonly string[])[] = [];
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <LightPointsPage
            deviceHref={(id) => `/inventory/light-points/devices/${id}`}
            bulkActions={(selection) => {
              actedOn.push(selection.deviceIds);
              return <span data-testid="bulk-actions">{selection.deviceIds.length}</span>;
            }}
          />
        </Router>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return { actedOn: () => actedOn.at(-1) ?? [] };
}

const line = () => screen.queryByTestId('selection-line');
const bulkCount = () => screen.queryByTestId('bulk-actions')?.textContent ?? null;

async function tickEveryLoadedRow() {
  await waitFor(() => expect(screen.getAllByTestId('device-row').length).toBeGreaterThan(0));
  await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' })));
}

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
  configure({ asyncUtilTimeout: 5000 });
});

afterAll(() => configure({ asyncUtilTimeout: 1000 }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('selecting every device that matches an inventory list’s filters', () => {
  it('offers it once every loaded row is ticked, then hands the bulk actions every matching id', async () => {
    const fetchMock = serveDevices();
    const list = renderList('limit=25&vendor=orion');
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(25));
    expect(line()).toBeNull();

    await tickEveryLoadedRow();
    expect(line()?.textContent).toContain('All 25 loaded devices are selected.');
    expect(bulkCount()).toBe('25');
    // Announced politely, as it appears and as it changes.
    expect(line()?.closest('[aria-live="polite"]')).not.toBeNull();

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Select all 60 devices that match the filters' })),
    );
    await waitFor(() => expect(line()?.textContent).toContain('All 60 devices that match the filters are selected.'));
    expect(line()?.textContent).not.toContain('Only the first');
    expect(bulkCount()).toBe('60');
    expect(new Set(list.actedOn())).toEqual(new Set(fleet.slice(0, 60).map((device) => device.id)));
    const idsCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/devices/ids'));
    expect(idsCall?.searchParams.get('vendor')).toBe('orion');
    expect(idsCall?.searchParams.get('deviceType')).toBe('light-point-controller');
    expect(idsCall?.searchParams.has('limit')).toBe(false);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear selection' })));
    expect(line()).toBeNull();
    expect(bulkCount()).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select all shown' })).toHaveProperty('checked', false);
  });

  it('says only the first ones can be acted on when more match than one bulk action takes', async () => {
    serveDevices(40);
    renderList();
    await tickEveryLoadedRow();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Select all 70 devices that match the filters' })),
    );
    await waitFor(() => expect(line()?.textContent).toContain('All 70 devices that match the filters are selected.'));
    expect(line()?.textContent).toContain('Only the first 40 devices can be acted on at once.');
    expect(bulkCount()).toBe('40');
  });

  it('clears the selection, every matching device too, when a filter changes', async () => {
    serveDevices();
    renderList();
    await tickEveryLoadedRow();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Select all 70 devices that match the filters' })),
    );
    await waitFor(() => expect(bulkCount()).toBe('70'));

    await act(async () => fireEvent.change(screen.getByLabelText('Vendor family'), { target: { value: 'vega' } }));
    expect(bulkCount()).toBeNull();
    expect(line()).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(10));
    expect(screen.getByRole('checkbox', { name: 'Select all shown' })).toHaveProperty('checked', false);
  });

  it('offers nothing more when every matching device is already loaded, or when a row is unticked', async () => {
    serveDevices();
    renderList('limit=25&vendor=vega');
    await tickEveryLoadedRow();
    expect(bulkCount()).toBe('10');
    expect(line()).toBeNull();

    cleanup();
    serveDevices();
    renderList();
    await tickEveryLoadedRow();
    expect(line()).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${fleet[0]!.name}` })));
    expect(line()).toBeNull();
    expect(bulkCount()).toBe('24');
  });
});

describe('the Group filter of an inventory list', () => {
  const groupSelect = () => screen.getByRole('combobox', { name: 'Group' });
  const groupOptions = () =>
    within(groupSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
  const groupIds = (fetchMock: ReturnType<typeof serveDevices>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/devices'))
      .map((url) => url.searchParams.get('groupId'));

  it("lists the chosen group's devices, offering every visible group named with its project", async () => {
    const fetchMock = serveDevices();
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(25));
    await waitFor(() =>
      expect(groupOptions()).toEqual(['All', 'Default group — Centre', 'Park — Centre', 'North streets — North']),
    );
    await act(async () => fireEvent.change(groupSelect(), { target: { value: park.id } }));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(10));
    expect(screen.getByText('10 devices')).toBeDefined();
    expect(groupIds(fetchMock).at(-1)).toBe(park.id);
  });

  it('reads the group from the URL, and offers only the chosen project’s groups', async () => {
    serveDevices();
    renderList(`limit=25&groupId=${northStreets.id}`);
    await waitFor(() => expect(groupSelect()).toHaveProperty('value', northStreets.id));
    await waitFor(() => expect(within(screen.getByLabelText('Project')).getAllByRole('option')).toHaveLength(3));
    // Choosing another project leaves out a group of the one before: the list would be empty.
    await act(async () => fireEvent.change(screen.getByLabelText('Project'), { target: { value: PROJECT_ID } }));
    await waitFor(() => expect(groupOptions()).toEqual(['All', 'Default group', 'Park']));
    expect(groupSelect()).toHaveProperty('value', '');
  });
});
