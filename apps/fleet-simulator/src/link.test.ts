import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DownCommandMessage,
  GatewayConnectionMessageSchema,
  topics,
  type UpConnectionMessage,
  UpConnectionMessageSchema,
} from '@farola/protocol';
import { type Fleet, startFleet } from './fleet';
import { MqttLink } from './link';
import { startTestBroker, type TestBroker } from './testing/test-broker';

let broker: TestBroker;
let url: string;
let observer: MqttClient;
const received: Array<{ topic: string; payload: string; retain: boolean }> = [];
const cleanups: Array<() => Promise<void>> = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  broker = await startTestBroker();
  url = broker.url;
  observer = await mqtt.connectAsync(url);
  observer.on('message', (topic, payload, packet) =>
    received.push({ topic, payload: payload.toString(), retain: packet.retain }),
  );
  await observer.subscribeAsync(['lighting/v1/devices/+/up/connection', 'lighting/v1/gateways/+/up/connection'], {
    qos: 1,
  });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

afterAll(async () => {
  await observer.endAsync();
  await broker.close();
});

const messagesOn = (topic: string) => received.filter((r) => r.topic === topic);

function startLink(serials: string[], gatewayId: string | null): MqttLink {
  const link = new MqttLink({
    url,
    clientId: `link-test-${randomUUID().slice(0, 8)}`,
    gatewayId,
    serials,
    logger,
    onConnect: (connected) => {
      for (const serial of serials) {
        const message: UpConnectionMessage = { connected: true, ts: new Date().toISOString() };
        connected.publish(topics.up(serial, 'connection'), message, true);
      }
    },
    onMessage: () => undefined,
  });
  link.start();
  cleanups.push(() => link.stop([]));
  return link;
}

/** Asks the broker what it holds retained on `topic`, as a new subscriber would get it. */
async function retainedOn(topic: string): Promise<unknown> {
  const reader = await mqtt.connectAsync(url);
  const message = new Promise<unknown>((resolve) =>
    reader.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
  );
  await reader.subscribeAsync(topic, { qos: 1 });
  const answer = await Promise.race([message, new Promise((resolve) => setTimeout(() => resolve(null), 500))]);
  await reader.endAsync();
  return answer;
}

describe('the MQTT link', () => {
  it('leaves the timestamp out of a retained last will, so the server dates the drop', async () => {
    const serial = `LINK-${randomUUID().slice(0, 6)}`;
    const link = startLink([serial], null);
    await expect.poll(() => link.connected).toBe(true);
    broker.cut(link.options.clientId);
    const topic = topics.up(serial, 'connection');
    await expect.poll(() => messagesOn(topic).some((m) => m.payload.includes('false'))).toBe(true);
    expect(UpConnectionMessageSchema.parse(await retainedOn(topic))).toEqual({ connected: false });
  });

  it('reconnects at once when told to, instead of an hour after an abrupt drop', async () => {
    const serial = `LINK-${randomUUID().slice(0, 6)}`;
    const link = startLink([serial], null);
    await expect.poll(() => link.connected).toBe(true);
    expect(link.reconnectNow()).toBe(false);
    link.dropAbruptly(3_600_000);
    await expect.poll(() => link.connected).toBe(false);
    expect(link.reconnectNow()).toBe(true);
    await expect.poll(() => link.connected).toBe(true);
    expect(broker.connects.filter((id) => id === link.options.clientId)).toHaveLength(2);
  });

  it('stops quietly while its broker has not answered, however late the attempt then times out', async () => {
    // A broker that accepts the connection and never answers it.
    const accepted: Socket[] = [];
    const silent = createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const link = new MqttLink({
      url: `mqtt://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      clientId: 'SIM-SILENT',
      gatewayId: null,
      serials: ['SIM-SILENT'],
      logger,
      onConnect: () => undefined,
      onMessage: () => undefined,
      connectTimeoutMs: 200,
    });
    const failures: unknown[] = [];
    const record = (error: unknown) => failures.push(error);
    process.on('uncaughtException', record);
    try {
      link.start();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await link.stop([]);
      // The attempt's CONNACK wait ends after the stop.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      process.off('uncaughtException', record);
    }
    expect(failures).toEqual([]);
    expect(link.connected).toBe(false);
  });

  it('restarts only after its farewell has gone out, with a single new session', async () => {
    const serial = `LINK-${randomUUID().slice(0, 6)}`;
    const link = startLink([serial], null);
    await expect.poll(() => link.connected).toBe(true);
    const topic = topics.up(serial, 'connection');
    const farewell: UpConnectionMessage = { connected: false, ts: new Date().toISOString() };
    await link.restart([{ topic, message: farewell }], 0);
    await expect.poll(() => messagesOn(topic).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const states = messagesOn(topic).map((m) => UpConnectionMessageSchema.parse(JSON.parse(m.payload)));
    expect(states).toEqual([
      { connected: true, ts: expect.any(String) },
      farewell,
      { connected: true, ts: expect.any(String) },
    ]);
    expect(broker.connects.filter((id) => id === link.options.clientId)).toHaveLength(2);
  });

  it("keeps a gateway's connection state retained, and its will lists its devices without a timestamp", async () => {
    const gatewayId = `GW-${randomUUID().slice(0, 6)}`;
    const serials = [`${gatewayId}-1`, `${gatewayId}-2`];
    const link = startLink(serials, gatewayId);
    const topic = topics.gatewayConnection(gatewayId);
    await expect.poll(() => messagesOn(topic).length).toBe(1);
    expect(GatewayConnectionMessageSchema.parse(await retainedOn(topic))).toMatchObject({
      connected: true,
      devices: serials,
    });
    broker.cut(link.options.clientId);
    await expect.poll(() => messagesOn(topic).length).toBeGreaterThanOrEqual(2);
    expect(GatewayConnectionMessageSchema.parse(JSON.parse(messagesOn(topic)[1]!.payload))).toEqual({
      connected: false,
      devices: serials,
    });
    // Nothing in the will may outlive the gateway's own reconnection: it announces itself again.
    await expect.poll(() => messagesOn(topic).length, { timeout: 5000 }).toBe(3);
    expect(GatewayConnectionMessageSchema.parse(await retainedOn(topic))).toMatchObject({ connected: true });
  });
});

describe('a fleet behind a gateway', () => {
  let fleet: Fleet;
  afterEach(async () => {
    await fleet?.stop();
  });

  it('brings a rebooting device back once, even when its gateway reconnects during the reboot', async () => {
    const prefix = `RB${randomUUID().slice(0, 4)}`;
    fleet = await startFleet({
      mqttUrl: url,
      devices: 4,
      gatewaySize: 4,
      serialPrefix: prefix,
      seed: 'reboot-test',
      speed: 2,
      errorRate: 0,
      dropRatePerHour: 0,
      reportIntervalSeconds: 60,
      logLevel: 'silent',
    });
    await fleet.ready;
    const { serialNumber } = fleet.devices[0]!;
    const topic = topics.up(serialNumber, 'connection');
    const states = () => messagesOn(topic).map((m) => (JSON.parse(m.payload) as UpConnectionMessage).connected);
    await expect.poll(states).toEqual([true]);
    const before = states().length;
    const reboot: DownCommandMessage = {
      requestId: randomUUID(),
      command: 'reboot',
      params: {},
      attempt: 1,
      ts: new Date().toISOString(),
    };
    observer.publish(topics.downCommands(serialNumber), JSON.stringify(reboot), { qos: 1 });
    await expect.poll(() => states().slice(before), { timeout: 15_000 }).toEqual([false]);
    // The gateway drops now and reconnects about a second later, while the device (1.5–4 s) still reboots.
    broker.cut(`farola-sim-${prefix}-1`);
    const others = topics.up(fleet.devices[1]!.serialNumber, 'connection');
    const othersBefore = messagesOn(others).length;
    await expect.poll(() => messagesOn(others).length, { timeout: 5000 }).toBeGreaterThan(othersBefore);
    await expect.poll(() => states().slice(before), { timeout: 10_000 }).toEqual([false, true]);
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(states().slice(before)).toEqual([false, true]);
  }, 40_000);

  it('lets each cabinet carry its light points over one connection, announcing them as its devices', async () => {
    const prefix = `CG${randomUUID().slice(0, 4)}`;
    fleet = await startFleet({
      mqttUrl: url,
      devices: 42,
      gatewaySize: 'cabinet',
      serialPrefix: prefix,
      seed: 'cabinet-gateways',
      errorRate: 0,
      dropRatePerHour: 0,
      reportIntervalSeconds: 60,
      logLevel: 'silent',
    });
    await fleet.ready;
    const cabinets = fleet.devices.filter((device) => device.deviceType === 'cabinet-controller');
    expect(cabinets.length).toBeGreaterThan(0);
    const carried = () =>
      cabinets
        .flatMap((cabinet) => messagesOn(topics.gatewayConnection(`${cabinet.serialNumber}-GW`)).slice(0, 1))
        .flatMap((message) => GatewayConnectionMessageSchema.parse(JSON.parse(message.payload)).devices)
        .sort();
    await expect.poll(carried).toEqual(fleet.devices.map((device) => device.serialNumber).sort());
  }, 20_000);
});
