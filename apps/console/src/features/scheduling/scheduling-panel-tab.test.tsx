import type { DeviceGroup } from '@farola/protocol';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildGroup, buildProject, buildRequest, PROJECT_ID } from '@/lib/api/data-generators';
import { userWithRoles } from '@/lib/auth/testing';
import { SignedInUserProvider } from '@/lib/auth/user-context';
import { initI18n } from '@/lib/i18n/i18n';
import { TOASTER_ID } from '@/lib/toaster';
import { SchedulingTab } from './scheduling-panel-tab';

const device = buildDevice({ seed: 40 });
const project = buildProject({ id: PROJECT_ID, name: 'Centre' });
const defaultGroup = buildGroup({ seed: 1, name: 'Default group', isDefault: true });
/** A group that runs a calendar: a device put in it runs another schedule than its group's until applied. */
const park = buildGroup({ seed: 2, name: 'Park', calendarId: '00000000-0000-4000-8000-0000000000c1' });
const elsewhere = buildGroup({ seed: 3, name: 'North streets', projectId: '00000000-0000-4000-8000-0000000000f1' });

/** The device's group on the server double, which `POST /groups/{id}/members` changes. */
let groupOfDevice: DeviceGroup;
let moves: { groupId: string; deviceIds: string[] }[];
/** The device's queued requests on the server double. */
let requests: unknown[];

function serveApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^.*\/api\/v1\//, '');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      const page = (items: unknown[]) => json({ items, nextCursor: null, total: items.length });
      if (path === 'queued-requests') return page(requests);
      if (path === 'projects') return page([project]);
      if (path === 'groups') return page([defaultGroup, park, elsewhere]);
      if (path === `devices/${device.id}/schedule`) {
        const sync = groupOfDevice.calendarId === null ? 'none' : 'outOfSync';
        return json({
          group: groupOfDevice,
          calendarId: groupOfDevice.calendarId,
          programId: null,
          sync,
          lastRequest: null,
        });
      }
      const members = /^groups\/([^/]+)\/members$/.exec(path);
      if (members && init?.method === 'POST') {
        const group = [defaultGroup, park].find((candidate) => candidate.id === members[1])!;
        moves.push({ groupId: group.id, deviceIds: JSON.parse(String(init.body)).deviceIds });
        groupOfDevice = group;
        return json({ group: { ...group, members: 1 }, moved: 1 });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
}

function renderTab(roles: string[]) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <SignedInUserProvider user={userWithRoles(roles)}>
          <SchedulingTab device={device} />
          <Toaster toasterId={TOASTER_ID} />
        </SignedInUserProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const syncLine = () => screen.getByTestId('scheduling-sync').textContent;

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
}, 30_000);

beforeEach(() => {
  groupOfDevice = defaultGroup;
  moves = [];
  requests = [];
  serveApi();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Scheduling tab's group", () => {
  it('says when the group has nothing to apply yet', async () => {
    renderTab(['view-scheduling']);
    await waitFor(() => expect(syncLine()).toContain("This light point's group has nothing to apply yet"));
    expect(screen.getByText('Default group')).toBeDefined();
    // Seeing the schedule is not moving the device.
    expect(screen.queryByRole('button', { name: 'Change group' })).toBeNull();
  });

  it("says the operate mode its group manages, and that it is changing while the group's schedule is sent", async () => {
    groupOfDevice = { ...park, operateMode: '010' };
    requests = [
      buildRequest({
        deviceId: device.id,
        command: 'setSchedule',
        status: 'IN_PROGRESS',
        params: { calendar: {}, programs: [], operateMode: '010' },
      }),
    ];
    renderTab(['view-scheduling']);
    expect((await screen.findByTestId('scheduling-operate-mode')).textContent).toBe(
      'Operate mode change in progress due to the group configuration',
    );
    expect(await screen.findByText('Operate mode set by the group')).toBeDefined();
    expect(screen.getByText(/^010 — /)).toBeDefined();
  });

  it("moves the device to another of its project's groups, and shows the new group and its sync state", async () => {
    renderTab(['manage-scheduling']);
    await waitFor(() => expect(syncLine()).toContain('nothing to apply yet'));
    // The dialog's code loads with the button (as on the selection bar).
    const change = await screen.findByRole('button', { name: 'Change group' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(change));
    const dialog = await screen.findByRole('alertdialog', { name: `Change the group of ${device.name}`, hidden: true });
    // In the suite's shared jsdom, Tabster may hide the dialog from the accessibility tree (a modal of
    // an earlier file's render it still counts): what is inside is found whether or not it is hidden.
    const select = await within(dialog).findByRole('combobox', { name: 'Group', hidden: true }, { timeout: 10_000 });
    // Only the device's project's groups: one of another project would be refused.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option', { hidden: true })
          .map((option) => option.textContent),
      ).toEqual(['Choose a group', 'Default group — Centre', 'Park — Centre']),
    );
    fireEvent.change(select, { target: { value: park.id } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Change group', hidden: true })));

    await waitFor(() => expect(screen.getByText('Park')).toBeDefined());
    expect(moves).toEqual([{ groupId: park.id, deviceIds: [device.id] }]);
    await waitFor(() => expect(syncLine()).toContain("does not run its group's current schedule"));
    expect(await screen.findByText(`${device.name} moved to Park`)).toBeDefined();
  });
});
