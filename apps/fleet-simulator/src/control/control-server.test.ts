import { randomUUID } from 'node:crypto';
import { type DownCommandMessage, topics, type UpCommandMessage, type UpConnectionMessage } from '@farola/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../fleet';
import { startTestBroker, type TestBroker } from '../testing/test-broker';

let broker: TestBroker;
let observer: mqtt.MqttClient;
let fleet: Fleet;
const received: Array<{ topic: string; message: unknown }> = [];

beforeAll(async () => {
  broker = await startTestBroker();
  observer = await mqtt.connectAsync(broker.url);
  observer.on('message', (topic, payload) => {
    if (payload.length > 0) received.push({ topic, message: JSON.parse(payload.toString()) });
  });
  await observer.subscribeAsync('lighting/v1/#', { qos: 1 });
  fleet = await startFleet({
    mqttUrl: broker.url,
    devices: 44,
    gatewaySize: 'cabinet',
    seed: 'control',
    serialPrefix: `CT${randomUUID().slice(0, 4)}`,
    speed: 20,
    errorRate: 0,
    dropRatePerHour: 0,
    reportIntervalSeconds: 60,
    logLevel: 'silent',
    control: { port: 0, host: '127.0.0.1' },
  });
  await fleet.ready;
});

afterAll(async () => {
  await fleet?.stop();
  await observer?.endAsync();
  await broker?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${fleet.controlUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const connectionStates = (serial: string) =>
  received
    .filter((r) => r.topic === topics.up(serial, 'connection'))
    .map((r) => (r.message as UpConnectionMessage).connected);

describe('the control interface over HTTP', () => {
  it('lists its actions with their parameters and describes the fleet and its clock', async () => {
    const index = await call('GET', '/');
    expect(index.status).toBe(200);
    const names = (index.body['actions'] as Array<{ name: string }>).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['drop-connection', 'reboot', 'fail-next-command']));
    const summary = await call('GET', '/fleet');
    expect(summary.body).toMatchObject({ devices: 44, online: 44, clock: { speed: 20 } });
    const lightPoint = fleet.devices.find((d) => d.deviceType === 'light-point-controller')!;
    const device = await call('GET', `/devices/${lightPoint.serialNumber}`);
    expect(device.body).toMatchObject({ online: true, spec: { serialNumber: lightPoint.serialNumber } });
    expect((await call('GET', '/devices/NOPE-1')).status).toBe(404);
  });

  it('sets the simulated clock, which then runs on at SIM_SPEED', async () => {
    const dusk = '2026-06-21T19:00:00.000Z';
    const set = await call('PUT', '/clock', { time: dusk });
    expect(set.status).toBe(200);
    expect(Date.parse(set.body['now'] as string) - Date.parse(dusk)).toBeLessThan(5000);
    const later = await call('PUT', '/clock', { advanceMinutes: 90 });
    expect(Date.parse(later.body['now'] as string) - Date.parse(dusk)).toBeGreaterThanOrEqual(90 * 60_000);
    const dusk2 = await call('PUT', '/clock', { time: 'sunset-20s' });
    // The next sunset after 20:30 UTC on the longest day is the next day's, at about 19:29 UTC.
    expect(dusk2.body['now']).toMatch(/^2026-06-22T19:2\d/);
    expect((await call('PUT', '/clock', { time: 'tonight' })).status).toBe(400);
    expect((await call('PUT', '/clock', {})).status).toBe(400);
  });

  it('drops the connection of a device behind a cabinet gateway and brings it back later', async () => {
    const lightPoint = fleet.devices.find((d) => d.deviceType === 'light-point-controller')!;
    const before = connectionStates(lightPoint.serialNumber).length;
    const result = await call('POST', '/actions', {
      action: 'drop-connection',
      target: { serials: [lightPoint.serialNumber] },
      params: { seconds: 40 },
    });
    expect(result.body).toMatchObject({ matched: 1, applied: [lightPoint.serialNumber], skipped: [] });
    // 40 simulated seconds at speed 20 are 2 real seconds.
    await expect
      .poll(() => connectionStates(lightPoint.serialNumber).slice(before), { timeout: 6000 })
      .toEqual([false, true]);
  });

  it('makes the next command of the chosen devices fail with the given error, once', async () => {
    const cabinet = fleet.devices.find((d) => d.deviceType === 'cabinet-controller')!;
    const result = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { serials: [cabinet.serialNumber] },
      params: { code: 'NOT_ACCEPTABLE', message: 'Relay welded' },
    });
    expect(result.body['applied']).toEqual([cabinet.serialNumber]);
    const answerTo = async (command: DownCommandMessage['command']) => {
      const request: DownCommandMessage = {
        requestId: randomUUID(),
        command,
        params: {},
        attempt: 1,
        ts: new Date().toISOString(),
      };
      await observer.publishAsync(topics.downCommands(cabinet.serialNumber), JSON.stringify(request), { qos: 1 });
      const final = () =>
        received
          .filter((r) => r.topic === topics.up(cabinet.serialNumber, 'commands'))
          .map((r) => r.message as UpCommandMessage)
          .find((m) => m.requestId === request.requestId && m.status !== 'IN_PROGRESS');
      await expect.poll(final, { timeout: 5000 }).toBeDefined();
      return final()!;
    };
    expect(await answerTo('switchOn')).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', message: 'Relay welded' },
    });
    expect(await answerTo('switchOn')).toMatchObject({ status: 'DONE' });
  });

  it('selects a cabinet with its light points, a seeded share, and refuses what it cannot do', async () => {
    const cabinet = fleet.devices.find((d) => d.deviceType === 'cabinet-controller')!;
    const fed = fleet.devices.filter((d) => d.deviceType === 'light-point-controller');
    const selected = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { cabinet: cabinet.serialNumber },
    });
    expect(selected.body['matched']).toBeGreaterThan(1);
    expect(selected.body['applied']).toContain(cabinet.serialNumber);
    const share = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { kind: 'light-point', share: 0.5 },
    });
    expect(share.body['matched']).toBeGreaterThan(0);
    expect(share.body['matched']).toBeLessThan(fed.length);

    expect((await call('POST', '/actions', { action: 'explode', target: { share: 1 } })).status).toBe(400);
    expect((await call('POST', '/actions', { action: 'reboot', target: {} })).status).toBe(400);
    expect((await call('POST', '/actions', { action: 'reboot', target: { serials: ['NOPE-1'] } })).status).toBe(404);
    const badParams = await call('POST', '/actions', {
      action: 'drop-connection',
      target: { share: 1 },
      params: { seconds: -5 },
    });
    expect(badParams.status).toBe(400);
    expect(badParams.body['error']['issues'][0]['path']).toEqual(['seconds']);
    expect((await call('POST', '/actions', '{not json')).status).toBe(400);
    expect((await call('GET', '/nowhere')).status).toBe(404);
  });
});
