import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFleetLayout, DEFAULT_FLEET_OPTIONS } from '@farola/fleet-simulator';
import { type Device, type Page, type QueuedRequest } from '@farola/protocol';
import { connectSocket, type FarolaSocket, getJson, nextEvent, postJson, type Stack, startStack } from './stack';

/**
 * Installation dates and failed installations through the real command queue and the simulated
 * devices: what the devices do is what the server records and pushes. The embedded defaults only.
 */
describe('installation through the queue and the simulator', () => {
  let stack: Stack;
  let socket: FarolaSocket;
  const api = (path: string) => `${stack.httpUrl}/lighting/api/v1${path}`;
  const devices = async (query: string) =>
    (await getJson<Page<Device>>(api(`/devices?q=${stack.serialPrefix}&limit=500&${query}`))).body.items;
  const device = async (id: string) => (await getJson<Device>(api(`/devices/${id}`))).body;
  const act = async (action: string, serial: string, params: object = {}) => {
    const answer = await postJson<{ applied: string[] }>(`${stack.fleet.controlUrl}/actions`, {
      action,
      target: { serials: [serial] },
      params,
    });
    expect(answer.body.applied).toEqual([serial]);
  };
  const lifecycle = (id: string, action: string) => postJson<Device>(api(`/devices/${id}/lifecycle`), { action });

  beforeAll(async () => {
    // 60 simulated seconds a second: the 80 s of an installation's steps take under 2 s.
    stack = await startStack('embedded', 42, {
      speed: 60,
      installFailureRate: 0,
      control: { port: 0, host: '127.0.0.1' },
    });
    socket = await connectSocket(stack.httpUrl);
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    await stack?.close();
  });

  it('dates every device in operation by the installation it reports', async () => {
    const inOperation = await devices('status=ready');
    expect(inOperation.length).toBe(42);
    // The same layout the stack's simulator built (startStack: 42 devices, seed 'integration').
    const layout = buildFleetLayout({
      ...DEFAULT_FLEET_OPTIONS,
      devices: 42,
      seed: 'integration',
      serialPrefix: stack.serialPrefix,
    });
    for (const { serialNumber, installationDate } of inOperation) {
      const spec = layout.find((d) => d.serialNumber === serialNumber);
      expect(spec, serialNumber).toBeDefined();
      // The day the layout installed it (2014–2025), as installation dates are: 00:00 UTC.
      expect(installationDate, serialNumber).toBe(`${spec!.installationDate}T00:00:00.000Z`);
      expect(installationDate, serialNumber).toMatch(/^20(1[4-9]|2[0-5])-/);
    }
  });

  it('sets the date a cabinet completed a reset installation with as its installation date, live', async () => {
    const [cabinet] = await devices('deviceType=cabinet-controller&connected=true');
    if (!cabinet) throw new Error('no cabinet');
    const day = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const pushed = nextEvent(
      socket,
      'DeviceLifecycleChanged',
      (event) => event.deviceId === cabinet.id && event.cause === 'installationReset',
      60_000,
    );
    const reset = await postJson<QueuedRequest>(api(`/devices/${cabinet.id}/commands`), {
      command: 'resetInstallation',
      params: { installationDate: day },
    });
    expect(reset.status).toBe(202);
    const event = await pushed;
    expect(event.installationDate).toBe(`${day}T00:00:00.000Z`);
    const request = (await getJson<QueuedRequest>(api(`/queued-requests/${reset.body.id}`))).body;
    expect(request.status).toBe('DONE');
    expect((await device(cabinet.id)).installationDate).toBe(event.installationDate);
  }, 90_000);

  it('records a failed installation, retries it, and puts the device in operation once the lamp lights', async () => {
    const [lightPoint] = (await devices('deviceType=light-point-controller&connected=true')).filter(
      (d) => d.attributes.operateMode === '005' || d.attributes.operateMode === '013',
    );
    if (!lightPoint) throw new Error('no light point supplied round the clock');
    await act('inject-fault', lightPoint.serialNumber, { fault: 'lampFailure' });
    expect((await lifecycle(lightPoint.id, 'sendToRevision')).status).toBe(200);
    const failed = nextEvent(
      socket,
      'DeviceLifecycleChanged',
      (event) => event.deviceId === lightPoint.id && event.cause === 'installationFailed',
      60_000,
    );
    expect((await lifecycle(lightPoint.id, 'sendToInstallation')).status).toBe(200);
    expect((await failed).installationFailure?.code).toBe('INSTALLATION_MIN_POWER_NOT_REACHED');
    expect(await device(lightPoint.id)).toMatchObject({
      status: 'installation',
      installationFailure: { code: 'INSTALLATION_MIN_POWER_NOT_REACHED' },
    });

    await act('clear-fault', lightPoint.serialNumber, { fault: 'lampFailure' });
    const installed = nextEvent(
      socket,
      'DeviceLifecycleChanged',
      (event) => event.deviceId === lightPoint.id && event.cause === 'installed',
      60_000,
    );
    const retried = await lifecycle(lightPoint.id, 'retryInstallation');
    expect(retried.body).toMatchObject({ status: 'installation', installationFailure: null });
    expect((await installed).to).toBe('ready');
    expect(await device(lightPoint.id)).toMatchObject({ status: 'ready', installationFailure: null });
  }, 120_000);
});
