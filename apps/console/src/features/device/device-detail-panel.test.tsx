import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildDevice, buildRequest } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { createFleetWriter } from '@/lib/realtime/fleet-writer';
import { appStore } from '@/lib/store';
import { TOASTER_ID } from '@/lib/toaster';
import { putRequests } from './request-writer';
import { DeviceDetailPanel } from './device-detail-panel';

/** Serves the API answers the panel asks for; the device itself comes from the fleet atoms. */
function serveApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
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

function renderPanel(deviceId: string, tab = 'details') {
  const location = memoryLocation({ path: `/map/devices/${deviceId}`, searchPath: `tab=${tab}`, record: true });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <Provider store={appStore}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DeviceDetailPanel deviceId={deviceId} links={mapLinks(deviceId)} />
          <Toaster toasterId={TOASTER_ID} />
        </Router>
      </Provider>
    </FluentProvider>,
  );
  return { ...view, location };
}

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
});

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
    createFleetWriter(appStore).putDevices([device]);
    const { location } = renderPanel(device.id);
    const panel = screen.getByTestId('device-panel');
    expect(within(panel).getByRole('heading', { name: 'Carrer de Mallorca 12' })).toBeDefined();
    expect(panel.textContent).toContain('OR-LP-000501');
    expect(panel.textContent).toContain('Connected');
    expect(panel.textContent).toContain('Switched on');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Real time measures' })));
    expect(location.history.at(-1)).toBe(`/map/devices/${device.id}?tab=realTimeMeasures`);
    expect(screen.getByTestId('attr-dimming').textContent).toContain('70 %');
    expect(screen.getByTestId('attr-poweredOn').textContent).toContain('Yes');

    await act(async () =>
      createFleetWriter(appStore).putDevices([
        { ...device, attributes: { dimming: 40 }, attributesUpdatedAt: '2025-05-04T11:00:00.000Z' },
      ]),
    );
    expect(screen.getByTestId('attr-dimming').textContent).toContain('40 %');
  });

  it("says 'No events available' for a device without events", async () => {
    const device = buildDevice({ seed: 502 });
    createFleetWriter(appStore).putDevices([device]);
    renderPanel(device.id, 'eventsHistory');
    expect(await screen.findByText('No events available')).toBeDefined();
  });

  it("refuses more than the maximum number of blinks with 'Maximum value is 10'", async () => {
    const device = buildDevice({ seed: 503 });
    createFleetWriter(appStore).putDevices([device]);
    renderPanel(device.id);
    await act(async () => fireEvent.click(screen.getByTestId('command-blink')));
    const input = screen.getByRole('spinbutton', { name: /Number of blinks/ });
    await act(async () => fireEvent.change(input, { target: { value: '11' } }));
    expect(screen.getByText('Maximum value is 10')).toBeDefined();
    await act(async () => fireEvent.change(input, { target: { value: '' } }));
    expect(screen.getByText('Required field')).toBeDefined();
  });

  it('queues a command, then follows its request from in progress to done', async () => {
    const device = buildDevice({ seed: 504 });
    createFleetWriter(appStore).putDevices([device]);
    const request = buildRequest({ seed: 504, deviceId: device.id, progress: 40 });
    serveApi({ '/queued-requests': EMPTY_PAGE, '/events': EMPTY_PAGE, '/commands': request });
    renderPanel(device.id);
    await act(async () => fireEvent.click(screen.getByTestId('command-switchOff')));
    expect(await screen.findByText('Operation queued')).toBeDefined();
    const row = screen.getByTestId(`request-${request.id}`);
    expect(row.dataset['status']).toBe('IN_PROGRESS');
    expect(row.textContent).toContain('In progress');
    expect(within(row).getByRole('progressbar')).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeDefined();

    const done = { ...request, status: 'DONE' as const, progress: 100, updatedAt: '2025-05-04T10:00:09.000Z' };
    await act(async () => putRequests(appStore, [done]));
    expect(row.dataset['status']).toBe('DONE');
    expect(row.textContent).toContain('Done');
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('disables commands while the device is disconnected, keeping them focusable with the reason', () => {
    const device = buildDevice({ seed: 505, connected: false });
    createFleetWriter(appStore).putDevices([device]);
    renderPanel(device.id);
    const command = screen.getByTestId('command-switchOff');
    expect(command.getAttribute('aria-disabled')).toBe('true');
    // Not the native attribute: that would take the button out of the tab order.
    expect(command.hasAttribute('disabled')).toBe(false);
    const reasonId = command.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe('The device is disconnected');
    expect(screen.getByTestId('device-panel').textContent).toContain('Disconnected');
  });

  it("shows 'Device not found' for an id that is no device", async () => {
    renderPanel('not-a-device');
    expect(await screen.findByText('Device not found')).toBeDefined();
  });

  it('shows the not-installed banner for a provisioned device', () => {
    const device = buildDevice({ seed: 506, status: 'provisioned' });
    createFleetWriter(appStore).putDevices([device]);
    renderPanel(device.id);
    expect(screen.getByTestId('status-banner').textContent).toBe('This device is not installed yet');
  });
});
