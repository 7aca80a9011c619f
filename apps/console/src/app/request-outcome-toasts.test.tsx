import { SignedInUserProvider } from '@/lib/auth/user-context';
import { userWithRoles } from './testing/render-app';
import type { Device, DeviceCommandRequested, QueuedRequest } from '@farola/protocol';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildDevice, buildRequest, PROJECT_ID } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { RequestOutcomeToasts } from '@/components/request-outcome-toasts';
import { DeviceDetailPanel } from '@/features/device/device-detail-panel';
import { socketDouble } from '@/lib/realtime/testing/socket-double';
import { ownRequestsAtom } from '@/lib/requests/own-requests';
import { TOASTER_ID } from '@/lib/toaster';

// The test plays the socket: it pushes request updates and reconnects.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

const EMPTY_PAGE = { items: [], nextCursor: null, total: 0 };
/** The devices `GET /devices/{id}` answers, by id. */
const devices = new Map<string, Device>();

/** Answers the command with `accepted`, and `GET /queued-requests/{id}` with `current()`. */
function serveApi(
  accepted: QueuedRequest | Promise<QueuedRequest>,
  current: () => QueuedRequest = () => accepted as QueuedRequest,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname.endsWith('/commands')) return new Response(JSON.stringify(await accepted), { status: 202 });
    if (/\/queued-requests\/[^/]+$/.test(pathname)) return new Response(JSON.stringify(current()));
    const device = devices.get(/\/devices\/([^/]+)$/.exec(pathname)?.[1] ?? '');
    if (device) return new Response(JSON.stringify(device));
    return new Response(JSON.stringify(EMPTY_PAGE));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The map route with the device's panel over it, and the app-wide outcome toasts. */
function renderApp(device: Device) {
  const store = createStore();
  devices.set(device.id, device);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: `/map/devices/${device.id}`, searchPath: 'tab=details', record: true });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Provider store={store}>
          <SignedInUserProvider user={userWithRoles(['manage-devices'])}>
            <Router hook={location.hook} searchHook={location.searchHook}>
              <Route path="/map/devices/:id">
                {({ id }) => (
                  <DeviceDetailPanel
                    deviceId={id}
                    links={{ close: '/map', tab: (tab) => `/map/devices/${id}?tab=${tab}` }}
                  />
                )}
              </Route>
              <RequestOutcomeToasts />
              <Toaster toasterId={TOASTER_ID} />
            </Router>
          </SignedInUserProvider>
        </Provider>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return store;
}

const update = (request: QueuedRequest): DeviceCommandRequested => ({
  deviceId: request.deviceId,
  projectId: PROJECT_ID,
  ts: request.updatedAt,
  request,
});

const finished = (request: QueuedRequest, changes: Partial<QueuedRequest>): QueuedRequest => ({
  ...request,
  progress: 100,
  updatedAt: '2025-05-04T10:00:09.000Z',
  finishedAt: '2025-05-04T10:00:09.000Z',
  ...changes,
});

/** The toasts on screen with this title (the toast is the list item, named by its title). */
const toasts = (title: string) => screen.queryAllByRole('listitem', { name: title });

async function sendFromPanelAndClose(
  store: ReturnType<typeof createStore>,
  request: QueuedRequest,
  closeLabel = 'Close',
) {
  await act(async () => fireEvent.click(await screen.findByTestId(`command-${request.command}`)));
  await waitFor(() => expect(store.get(ownRequestsAtom).has(request.id)).toBe(true));
  await act(async () => fireEvent.click(screen.getAllByRole('button', { name: closeLabel })[0]!));
  expect(screen.queryByTestId('device-panel')).toBeNull();
}

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
  // The panel's own texts load on demand: once, here, rather than within the first test's wait.
});

beforeEach(() => initI18n({ language: 'en', fallback: 'en' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the outcome toasts of commands sent from this tab', () => {
  it('announces the success of a command sent from the panel after the panel has been closed', async () => {
    const device = buildDevice({ seed: 901, name: 'Carrer de Mallorca 12' });
    const request = buildRequest({ seed: 901, deviceId: device.id, command: 'switchOff' });
    serveApi(request);
    const store = renderApp(device);
    await sendFromPanelAndClose(store, request);

    await act(async () => socketDouble.push('DeviceCommandRequested', update(finished(request, { status: 'DONE' }))));
    const [toast] = await screen.findAllByRole('listitem', { name: 'Operation success' });
    expect(toast?.textContent).toContain('Switch off — device Carrer de Mallorca 12');
    expect(store.get(ownRequestsAtom).size).toBe(0);
  });

  it('explains a switch-on done on a circuit without mains instead of announcing a plain success', async () => {
    const device = buildDevice({ seed: 907, name: 'Carrer de Girona 3' });
    const request = buildRequest({ seed: 907, deviceId: device.id, command: 'switchOn' });
    serveApi(request);
    const store = renderApp(device);
    await sendFromPanelAndClose(store, request);

    const done = finished(request, { status: 'DONE', detail: { mains: false } });
    await act(async () => socketDouble.push('DeviceCommandRequested', update(done)));
    const title = 'Switched on; the lamp stays off until its cabinet controller powers the circuit';
    const [toast] = await screen.findAllByRole('listitem', { name: title });
    expect(toast?.textContent).toContain('Switch on — device Carrer de Girona 3');
    expect(toasts('Operation success')).toHaveLength(0);
  });

  it("announces a failed command with the catalogue's message in the user's language", async () => {
    await initI18n({ language: 'es', fallback: 'en' });
    const device = buildDevice({ seed: 902, name: '' });
    const request = buildRequest({ seed: 902, deviceId: device.id, command: 'switchOff' });
    serveApi(request);
    const store = renderApp(device);
    await sendFromPanelAndClose(store, request, 'Cerrar');

    const error = { code: 'DEVICE_ERROR_METHOD_NOT_ALLOWED' as const, message: 'Method not allowed' };
    await act(async () =>
      socketDouble.push('DeviceCommandRequested', update(finished(request, { status: 'ERROR', error }))),
    );
    const title = 'El dispositivo informa de un error METHOD_NOT_ALLOWED';
    const [toast] = await screen.findAllByRole('listitem', { name: title });
    // A device without a name is named by its serial number.
    expect(toast?.textContent).toContain('Apagar — dispositivo OR-LP-000902');
  });

  it('announces an outcome once, however often its final status arrives', async () => {
    const device = buildDevice({ seed: 903 });
    const request = buildRequest({ seed: 903, deviceId: device.id, command: 'switchOn' });
    const done = finished(request, { status: 'DONE' });
    const fetchMock = serveApi(request, () => done);
    const store = renderApp(device);
    await sendFromPanelAndClose(store, request);

    await act(async () => socketDouble.push('DeviceCommandRequested', update(done)));
    await act(async () => socketDouble.push('DeviceCommandRequested', update(done)));
    await act(async () => socketDouble.reconnect());
    await screen.findAllByRole('listitem', { name: 'Operation success' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts('Operation success')).toHaveLength(1);
    // Forgotten once announced: a reconnect no longer asks for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/queued-requests/${request.id}`))).toBe(false);
  });

  it('announces a command that finished while the socket was reconnecting', async () => {
    const device = buildDevice({ seed: 904 });
    const request = buildRequest({ seed: 904, deviceId: device.id, command: 'switchOn' });
    let current = request;
    serveApi(request, () => current);
    const store = renderApp(device);
    await sendFromPanelAndClose(store, request);

    // The DONE update was sent while the socket was down; the reconnect re-reads the request.
    current = finished(request, { status: 'DONE' });
    await act(async () => socketDouble.reconnect());
    const [toast] = await screen.findAllByRole('listitem', { name: 'Operation success' });
    expect(toast?.textContent).toContain('Switch on — device Luminaire 904');
  });

  it('announces a command whose final status arrived before the answer to sending it', async () => {
    const device = buildDevice({ seed: 905 });
    const request = buildRequest({ seed: 905, deviceId: device.id, command: 'switchOn' });
    let answer: (request: QueuedRequest) => void = () => undefined;
    serveApi(new Promise<QueuedRequest>((resolve) => (answer = resolve)));
    const store = renderApp(device);
    await act(async () => fireEvent.click(await screen.findByTestId('command-switchOn')));

    await act(async () => socketDouble.push('DeviceCommandRequested', update(finished(request, { status: 'DONE' }))));
    await act(async () => answer(request));
    await screen.findAllByRole('listitem', { name: 'Operation success' });
    expect(store.get(ownRequestsAtom).size).toBe(0);
  });

  it('does not announce the outcome of requests sent by someone else', async () => {
    const device = buildDevice({ seed: 906 });
    const request = buildRequest({ seed: 906, deviceId: device.id });
    serveApi(request);
    renderApp(device);
    await screen.findByTestId('command-switchOff');
    const done = finished(request, { status: 'DONE' });
    await act(async () => socketDouble.push('DeviceCommandRequested', update(done)));
    await waitFor(() => expect(screen.getByTestId(`request-${request.id}`).dataset['status']).toBe('DONE'));
    expect(toasts('Operation success')).toHaveLength(0);
  });
});
