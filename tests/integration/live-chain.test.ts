import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PROJECT_ID,
  type Device,
  type FleetList,
  floorHour,
  type LogRecord,
  OPERATE_MODE_TABLE,
  type Page,
  type ProvisionedDevice,
  type QueuedRequest,
  streams,
} from '@farola/protocol';
import { connectSocket, getJson, nextEvent, postJson, type Stack, startStack, subscribe, type Topology } from './stack';

const run = promisify(execFile);
const topologies: Topology[] = process.env['FAROLA_SKIP_EXTERNAL'] === '1' ? ['embedded'] : ['embedded', 'external'];

describe.each(topologies)('the live chain on the %s database and broker', (topology) => {
  let stack: Stack;
  const api = (path: string) => `${stack.httpUrl}/lighting/api/v1${path}`;

  beforeAll(async () => {
    stack = await startStack(topology);
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A cabinet, or a light point whose supply never depends on its cabinet's output (operate modes 005, 009, 013). */
  function alwaysSupplied(device: Device): boolean {
    if (device.deviceType !== 'light-point-controller') return true;
    const mode = device.attributes.operateMode;
    return mode !== undefined && OPERATE_MODE_TABLE[mode].supply === 'uninterruptible';
  }

  async function fleetDevices(): Promise<Device[]> {
    const { body } = await getJson<Page<Device>>(api(`/devices?q=${stack.serialPrefix}&limit=500`));
    return body.items;
  }

  it('registers every simulated device and lists it with its latest attributes', async () => {
    await expect.poll(async () => (await fleetDevices()).length, { timeout: 20_000 }).toBe(stack.fleet.devices.length);
    const devices = await fleetDevices();
    expect(new Set(devices.map((device) => device.vendor))).toEqual(new Set(['orion', 'vega']));
    expect(new Set(devices.map((device) => device.deviceType))).toEqual(
      new Set(['light-point-controller', 'cabinet-controller']),
    );
    // Every device reports its state; a light point measures its supply while its circuit is live
    // (one fed through its cabinet's switched output has none by day, and reports none).
    await expect
      .poll(async () => {
        const reported = await fleetDevices();
        return {
          state: reported.every((device) => device.attributes.poweredOn !== undefined),
          measured: reported.every((device) => device.attributes.voltage !== undefined || !alwaysSupplied(device)),
        };
      })
      .toEqual({ state: true, measured: true });
  });

  it('pushes simulator reports to a socket that subscribed to their devices', async () => {
    const socket = await connectSocket(stack.httpUrl);
    const serials = new Set(stack.fleet.devices.map((device) => device.serialNumber));
    const ids = [...new Set((await fleetDevices()).filter((d) => serials.has(d.serialNumber)).map((d) => d.id))];
    expect(await subscribe(socket, { deviceIds: ids })).toMatchObject({ ok: true });
    const event = await nextEvent(
      socket,
      'DeviceAttributeValueUpdated',
      (payload) => ids.includes(payload.deviceId) && payload.values.voltage !== undefined,
    );
    expect(event.values.voltage).toBeGreaterThan(200);
    expect(event.stream).toBe(streams.device(event.deviceId));
    socket.close();
  });

  it('lists the simulated fleet compactly and keeps it current with fleet-state changes', async () => {
    const { body } = await getJson<FleetList>(api(`/fleet?q=${stack.serialPrefix}`));
    expect(body.items).toHaveLength(stack.fleet.devices.length);
    // Every simulated device reports whether it is switched on, so the map can colour it.
    await expect
      .poll(async () =>
        (await getJson<FleetList>(api(`/fleet?q=${stack.serialPrefix}`))).body.items.every((d) => d.on !== null),
      )
      .toBe(true);
    // A light point whose supply does not depend on its cabinet's output, so switching it on lights it at any hour.
    const supplied = new Set((await fleetDevices()).filter(alwaysSupplied).map((device) => device.id));
    const lightPoint = (await getJson<FleetList>(api(`/fleet?q=${stack.serialPrefix}`))).body.items.findLast(
      (device) => supplied.has(device.deviceId) && device.connected,
    );
    expect(lightPoint).toBeDefined();
    const socket = await connectSocket(stack.httpUrl);
    const target = !lightPoint!.on;
    const switched = nextEvent(
      socket,
      'FleetStateUpdated',
      (payload) => payload.deviceId === lightPoint!.deviceId && payload.on === target,
    );
    const command = target ? 'switchOn' : 'switchOff';
    expect((await postJson(api(`/devices/${lightPoint!.deviceId}/commands`), { command })).status).toBe(202);
    expect((await switched).stream).toBe(streams.fleet(lightPoint!.projectId));
    socket.close();
  });

  it('switches a light point off: queued, in progress, done, and the new state reported', async () => {
    const lightPoint = (await fleetDevices()).find(
      (device) => device.deviceType === 'light-point-controller' && device.connected,
    );
    expect(lightPoint).toBeDefined();
    const socket = await connectSocket(stack.httpUrl);
    await subscribe(socket, { deviceIds: [lightPoint!.id] });
    const done = nextEvent(
      socket,
      'DeviceCommandRequested',
      (payload) => payload.deviceId === lightPoint!.id && payload.request.status === 'DONE',
    );
    const poweredOff = nextEvent(
      socket,
      'DeviceAttributeValueUpdated',
      (payload) => payload.deviceId === lightPoint!.id && payload.values.poweredOn === false,
    );
    const accepted = await postJson<QueuedRequest>(api(`/devices/${lightPoint!.id}/commands`), {
      command: 'switchOff',
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'IN_PROGRESS', attempt: 1, command: 'switchOff' });
    expect((await done).request.progress).toBe(100);
    await poweredOff;
    const { body } = await getJson<QueuedRequest>(api(`/queued-requests/${accepted.body.id}`));
    expect(body.status).toBe('DONE');
    socket.close();
  });

  it('stops a cancelled upgrade on the device itself, while an upgrade left alone changes the firmware', async () => {
    const cabinets = (await fleetDevices()).filter((device) => device.deviceType === 'cabinet-controller');
    const [cancelled, completed] = [
      cabinets.find((d) => d.vendor === 'orion'),
      cabinets.find((d) => d.vendor === 'vega'),
    ];
    expect(cancelled?.firmwareVersion).toBeTruthy();
    expect(completed?.firmwareVersion).toBeTruthy();
    const upgrade = async (device: Device) =>
      (await postJson<QueuedRequest>(api(`/devices/${device.id}/commands`), { command: 'upgrade' })).body;
    const request = (id: string) => getJson<QueuedRequest>(api(`/queued-requests/${id}`));
    const firmwareOf = async (device: Device) =>
      (await getJson<Device>(api(`/devices/${device.id}`))).body.firmwareVersion;

    const stopped = await upgrade(cancelled!);
    const leftAlone = await upgrade(completed!);
    // Cancel once the download is well under way on the device.
    await expect.poll(async () => (await request(stopped.id)).body.progress, { timeout: 20_000 }).toBeGreaterThan(30);
    const cancel = await postJson<QueuedRequest>(api(`/queued-requests/${stopped.id}/cancel`), {});
    expect(cancel.body.status).toBe('CANCELLED');

    await expect.poll(async () => (await request(leftAlone.id)).body.status, { timeout: 30_000 }).toBe('DONE');
    await expect.poll(() => firmwareOf(completed!), { timeout: 20_000 }).not.toBe(completed!.firmwareVersion);
    // The cancelled one had a head start: had it gone on, it would have finished by now too.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await firmwareOf(cancelled!)).toBe(cancelled!.firmwareVersion);
    expect((await request(stopped.id)).body).toMatchObject({ status: 'CANCELLED' });
  });

  it('asks a simulated light point for a day of its logged data and serves it back from the server', async () => {
    const lightPoint = (await fleetDevices()).find(
      (device) =>
        device.deviceType === 'light-point-controller' &&
        device.connected &&
        ['005', '006'].includes(String(device.attributes.operateMode)),
    );
    expect(lightPoint).toBeDefined();
    const to = floorHour(Date.now());
    const params = { from: new Date(to - 24 * 3_600_000).toISOString(), to: new Date(to).toISOString() };
    const accepted = await postJson<QueuedRequest>(api(`/devices/${lightPoint!.id}/commands`), {
      command: 'uploadLog',
      params,
    });
    expect(accepted.status).toBe(202);
    await expect
      .poll(async () => (await getJson<QueuedRequest>(api(`/queued-requests/${accepted.body.id}`))).body.status, {
        timeout: 20_000,
      })
      .toBe('DONE');
    const query = `from=${encodeURIComponent(params.from)}&to=${encodeURIComponent(params.to)}&limit=10`;
    const first = await getJson<Page<LogRecord>>(api(`/devices/${lightPoint!.id}/history?${query}`));
    expect(first.body.total).toBe(24);
    const records = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await getJson<Page<LogRecord>>(api(`/devices/${lightPoint!.id}/history?${query}&cursor=${cursor}`));
      records.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(records.map((record) => Date.parse(record.hour))).toEqual(
      Array.from({ length: 24 }, (_, i) => to - (24 - i) * 3_600_000),
    );
    // A day holds a night: dimming by the curve, the light point was lit for hours of it.
    const lit = records.filter((record) => record.operatingHours === 1);
    expect(lit.length).toBeGreaterThanOrEqual(6);
    for (const record of lit) {
      expect(record.dimming).toBeGreaterThanOrEqual(50);
      expect(record.energy).toBeGreaterThan(0.005);
    }
  });

  /** Provisions a device through the API, as docs/device-protocol.md shows; its MQTT credentials. */
  async function provision(serial: string, vendor: 'orion' | 'vega'): Promise<{ username: string; password: string }> {
    const body = {
      serialNumber: serial,
      deviceType: 'light-point-controller',
      vendor,
      projectId: DEMO_PROJECT_ID,
      name: serial,
    };
    const answer = await postJson<ProvisionedDevice>(api('/devices'), body);
    expect(answer.status).toBe(201);
    return answer.body.credentials!;
  }

  /** Publishes as a device with the stock Mosquitto client and its credentials, as docs/device-protocol.md shows. */
  async function mosquittoPub(
    credentials: { username: string; password: string },
    channel: string,
    message: string,
  ): Promise<void> {
    const port = new URL(stack.mqttUrl).port;
    const { username, password } = credentials;
    const topic = `lighting/v1/devices/${username}/up/${channel}`;
    await run('mosquitto_pub', [
      '-p',
      port,
      '-i',
      username,
      '-u',
      username,
      '-P',
      password,
      '-q',
      '1',
      '-t',
      topic,
      '-m',
      message,
    ]);
  }

  it('carries a message published by mosquitto_pub to a Socket.IO client', async () => {
    const serial = `${stack.serialPrefix}-STOCK-1`;
    const credentials = await provision(serial, 'vega');
    const registration = {
      connected: true,
      ts: new Date().toISOString(),
      registration: { deviceType: 'light-point-controller', vendor: 'vega', latitude: 41.39, longitude: 2.17 },
    };
    await mosquittoPub(credentials, 'connection', JSON.stringify(registration));
    let deviceId = '';
    await expect
      .poll(async () => {
        const { body } = await getJson<Page<Device>>(api(`/devices?q=${serial}`));
        deviceId = body.items.find((device) => device.serialNumber === serial)?.id ?? '';
        return deviceId;
      })
      .not.toBe('');

    const socket = await connectSocket(stack.httpUrl);
    await subscribe(socket, { deviceIds: [deviceId] });
    const reported = nextEvent(socket, 'DeviceAttributeValueUpdated', (payload) => payload.deviceId === deviceId);
    const report = { ts: new Date().toISOString(), values: { dimming: 40, poweredOn: true, voltage: 229.5 } };
    await mosquittoPub(credentials, 'attributes', JSON.stringify(report));
    expect((await reported).values).toEqual(report.values);
    const { body } = await getJson<Device>(api(`/devices/${deviceId}`));
    expect(body).toMatchObject({ serialNumber: serial, vendor: 'vega', connected: true, attributes: { dimming: 40 } });
    socket.close();
  });

  it('counts a malformed device message and keeps serving', async () => {
    const health = async () =>
      (await getJson<{ mqtt: { rejected: number } }>(`${stack.httpUrl}/lighting/api/health`)).body;
    const before = (await health()).mqtt.rejected;
    const credentials = await provision(`${stack.serialPrefix}-STOCK-2`, 'orion');
    await mosquittoPub(credentials, 'attributes', '{"ts": "now", "values": {"dimming": 700}}');
    await mosquittoPub(credentials, 'attributes', 'not json');
    await expect.poll(async () => (await health()).mqtt.rejected).toBeGreaterThanOrEqual(before + 2);
    expect((await getJson(api('/devices?limit=1'))).status).toBe(200);
  });
});
