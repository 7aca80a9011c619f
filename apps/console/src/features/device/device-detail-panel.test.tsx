import { userWithRoles } from '@/lib/auth/testing';
import { SignedInUserProvider } from '@/lib/auth/user-context';
import { DEFAULT_CABINET_CONFIGURATION, type Device, maskCabinetConfiguration } from '@farola/protocol';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildAttributeUpdate, buildDevice, buildRequest, PROJECT_ID } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { socketDouble } from '@/lib/realtime/testing/socket-double';
import { appStore } from '@/lib/store';
import { TOASTER_ID } from '@/lib/toaster';
import { registerPanelTabs } from '@/lib/device-panel/panel-tabs';
import { DeviceDetailPanel } from './device-detail-panel';
import { DEVICE_PANEL_TABS } from './panel-tab-definitions';

// The test plays the server: REST answers through fetch, live updates through the socket double.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

/** Serves the API answers the panel asks for; the device itself comes from the fleet atoms. */
function serveApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = Object.keys(answers).find((path) => url.pathname.endsWith(path));
    const body = route === undefined ? { error: { code: 'NOT_FOUND', message: 'Not found' } } : answers[route];
    return new Response(JSON.stringify(body), { status: route === undefined ? 404 : 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The map's links, as its route gives them. */
const mapLinks = (id: string) => ({ close: '/map', tab: (tab: string) => `/map/devices/${id}?tab=${tab}` });

const EMPTY_PAGE = { items: [], nextCursor: null, total: 0 };

/** Serves the device, its (empty) requests and events, and any other answers given. */
function serveDevice(device: Device, answers: Record<string, unknown> = {}) {
  return serveApi({
    '/queued-requests': EMPTY_PAGE,
    '/events': EMPTY_PAGE,
    [`/devices/${device.id}`]: device,
    ...answers,
  });
}

function renderPanel(deviceId: string, tab = 'details', user = userWithRoles(['admin'])) {
  const location = memoryLocation({ path: `/map/devices/${deviceId}`, searchPath: `tab=${tab}`, record: true });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Provider store={appStore}>
          <SignedInUserProvider user={user}>
            <Router hook={location.hook} searchHook={location.searchHook}>
              <DeviceDetailPanel deviceId={deviceId} links={mapLinks(deviceId)} />
              <Toaster toasterId={TOASTER_ID} />
            </Router>
          </SignedInUserProvider>
        </Provider>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return { ...view, location };
}

beforeAll(async () => {
  // The device feature's own tabs (the app registers the other features' beside them).
  registerPanelTabs(DEVICE_PANEL_TABS);
  await initI18n({ language: 'en', fallback: 'en' });
  // The panel's texts and each tab's code are loaded on demand; load them once up front so that
  // the first test does not spend its wait on transforming them.
  await Promise.all([import('./details-tab'), import('./measures-tab'), import('./events-tab')]);
}, 30_000);

beforeEach(() => {
  serveApi({ '/queued-requests': EMPTY_PAGE, '/events': EMPTY_PAGE });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the device detail panel', () => {
  it('shows the device header and its details, and switches to live measures by tab', async () => {
    const device = buildDevice({
      seed: 501,
      name: 'Carrer de Mallorca 12',
      attributes: { dimming: 70, poweredOn: true },
    });
    serveDevice(device);
    const { location } = renderPanel(device.id);
    const panel = await screen.findByTestId('device-panel', {}, { timeout: 10_000 });
    expect(await within(panel).findByRole('heading', { name: 'Carrer de Mallorca 12' })).toBeDefined();
    expect(panel.textContent).toContain('OR-LP-000501');
    expect(panel.textContent).toContain('Connected');
    expect(panel.textContent).toContain('Switched on');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Real time measures' })));
    expect(location.history.at(-1)).toBe(`/map/devices/${device.id}?tab=realTimeMeasures`);
    expect((await screen.findByTestId('attr-dimming')).textContent).toContain('70 %');
    expect(screen.getByTestId('attr-poweredOn').textContent).toContain('Yes');

    socketDouble.push(
      'DeviceAttributeValueUpdated',
      buildAttributeUpdate({ deviceId: device.id, ts: '2025-05-04T11:00:00.000Z', values: { dimming: 40 } }),
    );
    await waitFor(() => expect(screen.getByTestId('attr-dimming').textContent).toContain('40 %'));
    // An older report does not roll the live value back.
    socketDouble.push(
      'DeviceAttributeValueUpdated',
      buildAttributeUpdate({ deviceId: device.id, ts: '2025-05-04T10:30:00.000Z', values: { dimming: 55 } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('attr-dimming').textContent).toContain('40 %');
  });

  it("keeps a cabinet's configuration out of its measures", async () => {
    const device = buildDevice({
      seed: 508,
      deviceType: 'cabinet-controller',
      attributes: { voltage: 231.2, configuration: maskCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION) },
    });
    serveDevice(device);
    renderPanel(device.id, 'realTimeMeasures');
    expect((await screen.findByTestId('attr-voltage')).textContent).toContain('231.2 V');
    expect(screen.queryByTestId('attr-configuration')).toBeNull();
    expect(screen.getByTestId('device-panel').textContent).not.toContain('headEnd');
  });

  it("says 'No events available' for a device without events", async () => {
    const device = buildDevice({ seed: 502 });
    serveDevice(device);
    renderPanel(device.id, 'eventsHistory');
    expect(await screen.findByText('No events available', {}, { timeout: 5000 })).toBeDefined();
  });

  it("refuses more than the maximum number of blinks with 'Maximum value is 10'", async () => {
    const device = buildDevice({ seed: 503 });
    serveDevice(device);
    renderPanel(device.id);
    await act(async () => fireEvent.click(await screen.findByTestId('command-blink')));
    const input = await screen.findByLabelText(/Number of blinks/);
    await act(async () => fireEvent.change(input, { target: { value: '11' } }));
    expect(screen.getByText('Maximum value is 10')).toBeDefined();
    await act(async () => fireEvent.change(input, { target: { value: '' } }));
    expect(screen.getByText('Required field')).toBeDefined();
  });

  it('queues a command, shows the request the POST answers without reading the lists again, then follows it to done', async () => {
    const device = buildDevice({ seed: 504 });
    const request = buildRequest({ seed: 504, deviceId: device.id, progress: 40 });
    const fetchMock = serveDevice(device, { '/commands': request });
    const reads = (path: string) =>
      fetchMock.mock.calls.filter(([url, init]) => !init?.method && String(url).split('?')[0]!.endsWith(path)).length;
    renderPanel(device.id);
    const button = await screen.findByTestId('command-switchOff');
    await waitFor(() => expect(reads('/queued-requests')).toBe(1));
    const before = [reads('/queued-requests'), reads('/events')];
    await act(async () => fireEvent.click(button));
    // A toast of an earlier test may still be leaving the shared toaster on a slow machine.
    expect((await screen.findAllByText('Operation queued')).length).toBeGreaterThan(0);
    const row = await screen.findByTestId(`request-${request.id}`);
    // The request is written once from the POST's answer: its stream brings every later state.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([reads('/queued-requests'), reads('/events')]).toEqual(before);
    expect(row.dataset['status']).toBe('IN_PROGRESS');
    expect(row.textContent).toContain('In progress');
    expect(within(row).getByRole('progressbar')).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeDefined();

    const done = { ...request, status: 'DONE' as const, progress: 100, updatedAt: '2025-05-04T10:00:09.000Z' };
    socketDouble.push('DeviceCommandRequested', {
      deviceId: device.id,
      projectId: PROJECT_ID,
      ts: done.updatedAt,
      request: done,
    });
    await waitFor(() => expect(screen.getByTestId(`request-${request.id}`).dataset['status']).toBe('DONE'));
    const row2 = screen.getByTestId(`request-${request.id}`);
    expect(row2.textContent).toContain('Done');
    expect(within(row2).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('subscribes to the device while its panel is open and unsubscribes when it closes', async () => {
    const device = buildDevice({ seed: 507 });
    serveDevice(device);
    socketDouble.answer('subscribe', () => ({ ok: true, streams: { [`device:${device.id}`]: 0 } }));
    socketDouble.answer('unsubscribe', () => ({ ok: true }));
    const view = renderPanel(device.id);
    await screen.findByTestId('command-switchOff');
    await waitFor(() =>
      expect(socketDouble.requests).toContainEqual({ name: 'subscribe', body: { deviceIds: [device.id] } }),
    );
    view.unmount();
    await waitFor(() =>
      expect(socketDouble.requests).toContainEqual({ name: 'unsubscribe', body: { deviceIds: [device.id] } }),
    );
  });

  it('queues commands for a disconnected device but disables those the server refuses then, saying why', async () => {
    const device = buildDevice({ seed: 505, connected: false });
    serveDevice(device);
    renderPanel(device.id);
    const reboot = await screen.findByTestId('command-reboot');
    expect(reboot.getAttribute('aria-disabled')).toBe('true');
    // Not the native attribute: that would take the button out of the tab order.
    expect(reboot.hasAttribute('disabled')).toBe(false);
    const reasonId = reboot.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe('Device not connected to reset');
    // Switching is queued until the device is back, and the panel says so.
    expect(screen.getByTestId('command-switchOff').getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByTestId('offline-queue-note').textContent).toContain(
      'commands wait for it and are sent as soon as it reconnects',
    );
    expect(screen.getByTestId('device-panel').textContent).toContain('Disconnected');
  });

  it('disables commands and offers no Cancel to a user without manage-devices, saying why', async () => {
    const device = buildDevice({ seed: 507, connected: true });
    const request = buildRequest({ seed: 507, deviceId: device.id, progress: 40 });
    serveDevice(device, { '/queued-requests': { items: [request], nextCursor: null, total: 1 } });
    renderPanel(device.id, 'details', userWithRoles(['view-devices', 'view-alarms']));
    const command = await screen.findByTestId('command-switchOff');
    expect(command.getAttribute('aria-disabled')).toBe('true');
    const reasonId = command.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe('Your role does not allow sending commands to devices');
    const row = await screen.findByTestId(`request-${request.id}`);
    expect(row.dataset['status']).toBe('IN_PROGRESS');
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows 'Invalid ID supplied' for an id that is no id, and 'Device not found' for one no device has", async () => {
    const fetchMock = serveApi({});
    renderPanel('not-a-device');
    expect(await screen.findByText('Invalid ID supplied')).toBeDefined();
    // Known without asking the server.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('not-a-device'))).toBe(false);
    cleanup();
    renderPanel('00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Device not found')).toBeDefined();
  });

  it('shows the not-installed banner for a provisioned device', async () => {
    const device = buildDevice({ seed: 506, status: 'provisioned' });
    serveDevice(device);
    renderPanel(device.id);
    expect((await screen.findByTestId('status-banner')).textContent).toBe('This device is not installed yet');
  });
});

describe('the device panel tabs and commands', () => {
  it('opens the location tab by ?tab= and reads the location only after confirmation', async () => {
    const device = buildDevice({ seed: 520, attributes: { satellites: 7, altitude: 12.5 } });
    const request = buildRequest({ seed: 520, deviceId: device.id, command: 'readLocation' });
    const fetchMock = serveDevice(device, { '/commands': request });
    renderPanel(device.id, 'location');
    expect((await screen.findByTestId('location-satellites', {}, { timeout: 5000 })).textContent).toContain('7');
    await act(async () => fireEvent.click(screen.getByTestId('read-location')));
    expect(await screen.findByText(/reference position for position alarms/)).toBeDefined();
    const posted = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/commands'));
    expect(posted()).toHaveLength(0);
    // The dialog's confirm button comes after the tab's own (the dialog is portalled to the end of the page).
    const confirm = screen.getAllByRole('button', { name: 'Read latitude/longitude', hidden: true }).at(-1);
    await act(async () => fireEvent.click(confirm!));
    await waitFor(() => expect(posted()).toHaveLength(1));
  });

  it("shows a GPS reading's NOT_FOUND as 'No GPS signal'", async () => {
    const device = buildDevice({ seed: 521 });
    const failed = buildRequest({
      seed: 521,
      deviceId: device.id,
      command: 'readLocation',
      status: 'ERROR',
      error: { code: 'DEVICE_ERROR_NOT_FOUND', message: 'Device reports an error NOT_FOUND' },
    });
    serveDevice(device, { '/queued-requests': { items: [failed], nextCursor: null, total: 1 } });
    renderPanel(device.id);
    expect((await screen.findByTestId(`request-${failed.id}`)).textContent).toContain('No GPS signal');
  });

  it('falls back to details for a tab the device kind does not show', async () => {
    const device = buildDevice({ seed: 522 });
    serveDevice(device);
    renderPanel(device.id, 'parameters');
    const selected = await screen.findByRole('tab', { selected: true }, { timeout: 5000 });
    expect(selected.textContent).toBe('Details');
    expect(screen.queryByRole('tab', { name: 'Parameters' })).toBeNull();
  });

  it("lists a cabinet's outputs with their mode in the electrical schema", async () => {
    const device = buildDevice({
      seed: 523,
      deviceType: 'cabinet-controller',
      attributes: {
        outputs: [
          { index: 1, on: true, mode: 2 },
          { index: 2, on: false },
        ],
      },
    });
    serveDevice(device);
    renderPanel(device.id, 'electricalSchema');
    const first = await screen.findByTestId('output-1', {}, { timeout: 5000 });
    expect(first.textContent).toContain('Manual');
    expect(first.textContent).toContain('Restore calendar');
    expect(screen.getByTestId('output-2').textContent).toContain('Not defined');
  });

  it('asks before a factory reset and sends the chosen operate mode', async () => {
    const device = buildDevice({ seed: 524, attributes: { operateMode: '005' } });
    const request = buildRequest({ seed: 524, deviceId: device.id, command: 'setOperateMode' });
    const fetchMock = serveDevice(device, { '/commands': request });
    renderPanel(device.id);
    const bodies = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).endsWith('/commands'))
        .map(([, init]) => JSON.parse(String(init?.body)));
    await act(async () => fireEvent.click(await screen.findByTestId('command-more')));
    await act(async () => fireEvent.click(await screen.findByTestId('command-factoryReset')));
    expect(await screen.findByText(/factory settings/)).toBeDefined();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Cancel', hidden: true }).at(-1)!));
    expect(bodies()).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByTestId('command-more')));
    await act(async () => fireEvent.click(await screen.findByTestId('command-setOperateMode')));
    await act(async () =>
      fireEvent.click(await screen.findByLabelText(/014 — Supply by cabinet controller, on at 100%/)),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change', hidden: true })));
    await waitFor(() => expect(bodies()).toEqual([{ command: 'setOperateMode', params: { operateMode: '014' } }]));
  });
});

describe('the device panel lifecycle', () => {
  const postedTo = (fetchMock: ReturnType<typeof serveApi>, path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)));

  it('offers only the moves the status allows, asks first, and shows the new status with its banner', async () => {
    const device = buildDevice({ seed: 530, status: 'ready' });
    const moved = { ...device, status: 'revision' as const };
    const fetchMock = serveDevice(device, { '/lifecycle': moved });
    renderPanel(device.id);
    await act(async () => fireEvent.click(await screen.findByTestId('lifecycle-menu')));
    expect(await screen.findByTestId('lifecycle-sendToRevision')).toBeDefined();
    expect(screen.getByTestId('lifecycle-sendToMaintenance')).toBeDefined();
    expect(screen.queryByTestId('lifecycle-sendToInstallation')).toBeNull();
    expect(screen.queryByTestId('status-banner')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('lifecycle-sendToRevision')));
    expect(await screen.findByText(`Send ${device.name} to revision?`)).toBeDefined();
    expect(postedTo(fetchMock, '/lifecycle')).toHaveLength(0);
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Send to revision', hidden: true }).at(-1)!),
    );
    await waitFor(() => expect(postedTo(fetchMock, '/lifecycle')).toEqual([{ action: 'sendToRevision' }]));
    expect((await screen.findByTestId('status-banner')).textContent).toBe('This device is on revision');
    expect(screen.getByTestId('device-panel').textContent).toContain('On revision');
  });

  it('shows a refused move translated', async () => {
    const device = buildDevice({ seed: 531, status: 'ready' });
    serveDevice(device);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.endsWith('/lifecycle')) {
          const error = { code: 'INVALID_LIFECYCLE_TRANSITION', message: 'x', details: { from: 'ready', to: 'x' } };
          return new Response(JSON.stringify({ error }), { status: 409 });
        }
        const body = path.endsWith(`/devices/${device.id}`) ? device : EMPTY_PAGE;
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    renderPanel(device.id);
    await act(async () => fireEvent.click(await screen.findByTestId('lifecycle-menu')));
    await act(async () => fireEvent.click(await screen.findByTestId('lifecycle-sendToMaintenance')));
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Send to maintenance', hidden: true }).at(-1)!),
    );
    expect(await screen.findByText('This status change is not allowed for the device')).toBeDefined();
  });

  it('disables a device only once the consequences are accepted, then offers no commands', async () => {
    const device = buildDevice({ seed: 532 });
    const fetchMock = serveDevice(device, { '/disable': { ...device, disabled: true, connected: false } });
    renderPanel(device.id);
    await act(async () => fireEvent.click(await screen.findByTestId('lifecycle-menu')));
    await act(async () => fireEvent.click(await screen.findByTestId('lifecycle-disable')));
    expect((await screen.findByTestId('disable-total')).textContent).toBe('A total of 1 devices will be disabled');
    const confirm = () => screen.getAllByRole('button', { name: 'Disable device', hidden: true }).at(-1)!;
    await act(async () => fireEvent.click(confirm()));
    expect(screen.getByText('Required field')).toBeDefined();
    expect(postedTo(fetchMock, '/disable')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByLabelText('I understand the consequences of this action')));
    await act(async () => fireEvent.click(confirm()));
    await waitFor(() => expect(postedTo(fetchMock, '/disable')).toEqual([{ consequencesAccepted: true }]));
    expect((await screen.findByTestId('disabled-banner')).textContent).toContain('This device is disabled');
    expect(screen.queryByTestId('command-switchOff')).toBeNull();
    expect(screen.queryByTestId('lifecycle-menu')).toBeNull();
  });

  it('offers no status actions to a user without manage-devices', async () => {
    const device = buildDevice({ seed: 533 });
    serveDevice(device);
    renderPanel(device.id, 'details', userWithRoles(['edit-device', 'view-devices']));
    await screen.findByTestId('command-switchOff');
    expect(screen.queryByTestId('lifecycle-menu')).toBeNull();
  });
});

describe('the installation progress', () => {
  const installing = (seed: number) => buildDevice({ seed, status: 'installation' });
  const pushRequest = (request: ReturnType<typeof buildRequest>) =>
    socketDouble.push('DeviceCommandRequested', {
      deviceId: request.deviceId,
      projectId: PROJECT_ID,
      ts: request.updatedAt,
      request,
    });

  it('follows the steps live, from started to in progress, highlighting the current one', async () => {
    const device = installing(540);
    const install = buildRequest({
      seed: 540,
      deviceId: device.id,
      command: 'install',
      detail: { step: 'prepare', attempt: 1 },
    });
    serveDevice(device, { '/queued-requests': { items: [install], nextCursor: null, total: 1 } });
    renderPanel(device.id);
    expect((await screen.findByTestId('installation-headline')).textContent).toContain('Installation started');
    expect(screen.getByTestId('installation-step-prepare').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('installation-step-prepare').textContent).toBe('Initializing');

    pushRequest({
      ...install,
      progress: 50,
      detail: { step: 'powerLimit', attempt: 2, failure: 'INSTALLATION_NOT_COMPLETED' },
      updatedAt: '2025-05-04T10:00:30.000Z',
    });
    await waitFor(() =>
      expect(screen.getByTestId('installation-headline').textContent).toContain('Installation in progress (2)'),
    );
    expect(screen.getByTestId('installation-step-powerLimit').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('installation-step-identify').dataset['state']).toBe('done');
    expect(screen.getByTestId('installation-step-locate').dataset['state']).toBe('pending');
    expect(screen.getByTestId('installation-retry').textContent).toContain('Unable to complete installation');
  });

  it("ends with the failure's message, the step it stopped at marked failed", async () => {
    const device = installing(541);
    const failed = buildRequest({
      seed: 541,
      deviceId: device.id,
      command: 'install',
      status: 'ERROR',
      detail: { step: 'validate', attempt: 3 },
      error: { code: 'INSTALLATION_MAX_ATTEMPTS_REACHED', message: 'Max installation attempts reached' },
    });
    serveDevice(device, { '/queued-requests': { items: [failed], nextCursor: null, total: 1 } });
    renderPanel(device.id);
    expect((await screen.findByTestId('installation-headline')).textContent).toContain(
      'Max installation attempts reached',
    );
    expect(screen.getByTestId('installation-step-validate').dataset['state']).toBe('failed');
  });

  it('is not shown for a device in operation', async () => {
    const device = buildDevice({ seed: 542 });
    const install = buildRequest({ seed: 542, deviceId: device.id, command: 'install', status: 'DONE' });
    serveDevice(device, { '/queued-requests': { items: [install], nextCursor: null, total: 1 } });
    renderPanel(device.id);
    await screen.findByTestId(`request-${install.id}`);
    expect(screen.queryByTestId('installation-progress')).toBeNull();
  });
});

describe('the Parameters tab', () => {
  const cabinet = (seed: number) =>
    buildDevice({
      seed,
      deviceType: 'cabinet-controller',
      attributes: {
        configuration: maskCabinetConfiguration({
          ...DEFAULT_CABINET_CONFIGURATION,
          mobile: { ...DEFAULT_CABINET_CONFIGURATION.mobile, password: 'top-secret' },
        }),
      },
    });

  it('edits the configuration, refuses a value out of range and sends only the change as setConfiguration', async () => {
    const device = cabinet(550);
    const request = buildRequest({ seed: 550, deviceId: device.id, command: 'setConfiguration' });
    const fetchMock = serveDevice(device, { '/commands': request });
    renderPanel(device.id, 'parameters');
    const level = await screen.findByTestId('parameter-timing.sensorLightOutputLevel', {}, { timeout: 5000 });
    expect(screen.getByText('A configuration can take up to one hour to take effect')).toBeDefined();
    // The password is never shown.
    expect((screen.getByTestId('parameter-mobile.password') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('parameters-form').innerHTML).not.toContain('••••');
    const save = screen.getByTestId('parameters-save');
    expect(save.hasAttribute('disabled')).toBe(true);

    await act(async () => fireEvent.change(level, { target: { value: '150' } }));
    expect(screen.getByText('Maximum value is 100')).toBeDefined();
    expect(save.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.change(level, { target: { value: '' } }));
    expect(screen.getByText('Required field')).toBeDefined();
    await act(async () => fireEvent.change(level, { target: { value: '80' } }));
    expect(screen.queryByText('Required field')).toBeNull();
    await act(async () => fireEvent.click(save));
    const bodies = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).endsWith('/commands'))
        .map(([, init]) => JSON.parse(String(init?.body)));
    await waitFor(() =>
      expect(bodies()).toEqual([
        { command: 'setConfiguration', params: { parameters: { timing: { sensorLightOutputLevel: 80 } } } },
      ]),
    );
    // The toast's title, and the polite announcement of it while that lasts.
    expect((await screen.findAllByText('Operation queued')).length).toBeGreaterThan(0);
  });

  it('sends the password only when one is typed', async () => {
    const device = cabinet(551);
    const request = buildRequest({ seed: 551, deviceId: device.id, command: 'setConfiguration' });
    const fetchMock = serveDevice(device, { '/commands': request });
    renderPanel(device.id, 'parameters');
    const password = await screen.findByTestId('parameter-mobile.password', {}, { timeout: 5000 });
    await act(async () => fireEvent.change(password, { target: { value: 'n3w-secret' } }));
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url]) => String(url).endsWith('/commands'))
          .map(([, init]) => JSON.parse(String(init?.body)).params),
      ).toEqual([{ parameters: { mobile: { password: 'n3w-secret' } } }]),
    );
    await waitFor(() => expect((screen.getByTestId('parameter-mobile.password') as HTMLInputElement).value).toBe(''));
  });

  it('lets a user without manage-devices read the configuration but not send it', async () => {
    const device = cabinet(552);
    serveDevice(device);
    renderPanel(device.id, 'parameters', userWithRoles(['view-devices']));
    expect((await screen.findByTestId('parameters-blocked', {}, { timeout: 5000 })).textContent).toBe(
      'Your role does not allow sending commands to devices',
    );
    expect(screen.getByTestId('parameters-save').hasAttribute('disabled')).toBe(true);
  });
});
