import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_PROJECT_ID, type DownCommandMessage, type MqttCredentials, topics } from '@farola/protocol';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../auth/user';
import { type Harness, startHarness, uniqueSerial } from '../testing/harness';

/** Connects and resolves once the broker answers CONNACK; rejects with the refusal. */
async function connect(url: string, options: IClientOptions): Promise<MqttClient> {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
}

/** Resolves when the broker closes the client's connection. */
const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve()));

describe('the embedded broker authenticates and authorises every client', () => {
  let h: Harness;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    h = await startHarness({ MQTT_MAX_PACKET_BYTES: '4096', MQTT_MAX_RETAINED_PER_CLIENT: '2' });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await h?.close();
  });

  const refused = async () => (await h.api('/health')).body.mqttRefused;

  /** Provisions a device of its own (not behind the harness gateway) and answers its id and credentials. */
  async function ownDevice(prefix: string): Promise<{ id: string; credentials: MqttCredentials }> {
    const serialNumber = uniqueSerial(prefix);
    const device = await h.server.services.get('devices').provisioning.provisionDevice(DEMO_USER, {
      serialNumber,
      deviceType: 'light-point-controller',
      vendor: 'orion',
      projectId: '00000000-0000-4000-8000-000000000001',
      name: serialNumber,
    });
    return { id: device.id, credentials: device.credentials! };
  }

  async function signIn(credentials: MqttCredentials): Promise<MqttClient> {
    const client = await connect(h.server.mqttUrl, { clientId: credentials.username, ...credentials });
    clients.push(client);
    return client;
  }

  it('refuses an anonymous client, an unknown user and a wrong password, and never takes a wrong password for good', async () => {
    const before = (await refused()).authentication;
    await expect(connect(h.server.mqttUrl, { clientId: `anon-${randomUUID()}` })).rejects.toThrow(/Not authorized/i);
    await expect(connect(h.server.mqttUrl, { clientId: 'NOBODY', username: 'NOBODY', password: 'x' })).rejects.toThrow(
      /Bad username or password/i,
    );
    const { credentials } = await ownDevice('PWD');
    const wrong = { ...credentials, password: `${credentials.password}x` };
    await expect(connect(h.server.mqttUrl, { clientId: wrong.username, ...wrong })).rejects.toThrow(/Bad username/i);
    (await signIn(credentials)).end(true);
    // Once the right password is verified (and remembered), a wrong one is still refused.
    await expect(connect(h.server.mqttUrl, { clientId: wrong.username, ...wrong })).rejects.toThrow(/Bad username/i);
    expect((await refused()).authentication).toBe(before + 4);
  });

  it('speaks MQTT 3.1.1, the version docs/device-protocol.md names, and refuses MQTT 5', async () => {
    const { credentials } = await ownDevice('V311');
    const options = { clientId: credentials.username, ...credentials };
    (await connect(h.server.mqttUrl, { ...options, protocolVersion: 4 })).end(true);
    await expect(connect(h.server.mqttUrl, { ...options, protocolVersion: 5 })).rejects.toThrow();
    const docs = await readFile(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');
    // Every version the page names after "MQTT" ("MQTT 3.1.1", "MQTT 3.1.1 or 5", …).
    const named = [...docs.matchAll(/MQTT (v?\d+(?:\.\d+)*(?:(?:, | or | and )v?\d+(?:\.\d+)*)*)/g)].flatMap(
      ([, versions]) => versions!.split(/, | or | and /),
    );
    expect(new Set(named)).toEqual(new Set(['3.1.1']));
  });

  it('refuses a device whose client id is not its user name', async () => {
    const { credentials } = await ownDevice('CID');
    await expect(connect(h.server.mqttUrl, { clientId: 'farola-server-x', ...credentials })).rejects.toThrow(
      /Identifier rejected/i,
    );
  });

  it("keeps a device to its own topics: no other device's reports, no reading others, no wildcards, no commands", async () => {
    const a = await ownDevice('ACL-A');
    const b = await ownDevice('ACL-B');
    const client = await signIn(a.credentials);
    const b$ = b.credentials.username;
    for (const filter of [topics.downCommands(b$), '#', 'lighting/v1/devices/+/up/+', 'lighting/v1/gateways/+/up/+']) {
      await expect(client.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    }
    const [own] = await client.subscribeAsync(topics.downCommands(a.credentials.username), { qos: 1 });
    expect(own?.qos).toBe(1);

    for (const topic of [topics.up(b$, 'attributes'), topics.downCommands(a.credentials.username)]) {
      const device = await signIn(a.credentials);
      const gone = closed(device);
      device.publish(topic, JSON.stringify({ ts: new Date().toISOString(), values: { dimming: 1 } }), { qos: 1 });
      await gone;
    }
    expect((await refused()).publish).toBeGreaterThanOrEqual(2);
    expect((await refused()).subscribe).toBeGreaterThanOrEqual(3);
    expect((await h.api(`/v1/devices/${b.id}`)).body.attributes).toEqual({});
  });

  it("lets a device publish its logged data on its own up/logs, never on another device's", async () => {
    const a = await ownDevice('LOGS-A');
    const b = await ownDevice('LOGS-B');
    const page = JSON.stringify({ requestId: randomUUID(), page: 1, pages: 1, records: [] });
    const device = await signIn(a.credentials);
    const received = (await h.api('/health')).body.mqtt.received;
    await device.publishAsync(topics.up(a.credentials.username, 'logs'), page, { qos: 1 });
    // Through the broker to the server (which refuses a page no uploadLog asked for), the device still connected.
    await expect.poll(async () => (await h.api('/health')).body.mqtt.received).toBeGreaterThan(received);
    expect(device.connected).toBe(true);
    const refusedBefore = (await refused()).publish;
    const gone = closed(device);
    device.publish(topics.up(b.credentials.username, 'logs'), page, { qos: 1 });
    await gone;
    expect((await refused()).publish).toBe(refusedBefore + 1);
  });

  it("cannot answer another device's command: the request stays in progress until its own device answers", async () => {
    const a = await ownDevice('CMD-A');
    const b = await ownDevice('CMD-B');
    const device = await signIn(b.credentials);
    await device.subscribeAsync(topics.downCommands(b.credentials.username), { qos: 1 });
    const received = new Promise<DownCommandMessage>((resolve) =>
      device.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()) as DownCommandMessage)),
    );
    await device.publishAsync(
      topics.up(b.credentials.username, 'connection'),
      JSON.stringify({
        connected: true,
        ts: new Date().toISOString(),
        registration: { deviceType: 'light-point-controller', vendor: 'orion' },
      }),
      { qos: 1 },
    );
    await expect.poll(async () => (await h.api(`/v1/devices/${b.id}`)).body.status).toBe('ready');
    const accepted = await h.api(`/v1/devices/${b.id}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'switchOff' }),
    });
    const requestId = accepted.body.id as string;
    expect((await received).requestId).toBe(requestId);

    const forger = await signIn(a.credentials);
    const gone = closed(forger);
    forger.publish(
      topics.up(b.credentials.username, 'commands'),
      JSON.stringify({ requestId, status: 'DONE', progress: 100 }),
      { qos: 1 },
    );
    await gone;
    expect((await h.api(`/v1/queued-requests/${requestId}`)).body.status).toBe('IN_PROGRESS');
    await device.publishAsync(
      topics.up(b.credentials.username, 'commands'),
      JSON.stringify({ requestId, status: 'DONE', progress: 100 }),
      { qos: 1 },
    );
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${requestId}`)).body.status).toBe('DONE');
  });

  it('lets a gateway speak only for its own devices: it cannot publish for others, and its messages naming others are cut', async () => {
    const services = h.server.services.get('devices');
    const other = await services.provisioning.provisionGateway(DEMO_USER, {
      gatewayId: `GW-${randomUUID().slice(0, 8)}`,
      projectId: '00000000-0000-4000-8000-000000000001',
      name: 'Other gateway',
    });
    const serial = uniqueSerial('OTHER');
    await services.bulkProvisioning.provision(DEMO_USER, other.id, [
      {
        serialNumber: serial,
        deviceType: 'light-point-controller',
        vendor: 'vega',
        projectId: '00000000-0000-4000-8000-000000000001',
        name: serial,
      },
    ]);
    const gateway = await signIn(other.credentials);
    await gateway.publishAsync(
      topics.up(serial, 'connection'),
      JSON.stringify({
        connected: true,
        ts: new Date().toISOString(),
        registration: { deviceType: 'light-point-controller', vendor: 'vega' },
      }),
      { qos: 1 },
    );
    await expect.poll(async () => (await h.api(`/v1/devices?q=${serial}`)).body.items[0]?.connected).toBe(true);

    const before = (await h.api('/health')).body.ingestRefused.notBehindGateway;
    // The harness gateway's own connection message names a device that is not behind it: left out.
    await h.device.publishAsync(
      topics.gatewayConnection(h.gatewayId),
      JSON.stringify({ connected: false, ts: new Date().toISOString(), devices: [serial] }),
      { qos: 1 },
    );
    await expect.poll(async () => (await h.api('/health')).body.ingestRefused.notBehindGateway).toBe(before + 1);
    expect((await h.api(`/v1/devices?q=${serial}`)).body.items[0]?.connected).toBe(true);

    // Nor may a third gateway publish on the other gateway's topic, or on its device's channels.
    const third = await services.provisioning.provisionGateway(DEMO_USER, {
      gatewayId: `GW-${randomUUID().slice(0, 8)}`,
      projectId: '00000000-0000-4000-8000-000000000001',
      name: 'Third gateway',
    });
    for (const topic of [topics.gatewayConnection(other.gatewayId), topics.up(serial, 'connection')]) {
      const forger = await signIn(third.credentials);
      const gone = closed(forger);
      forger.publish(topic, JSON.stringify({ connected: false, devices: [serial] }), { qos: 1 });
      await gone;
    }
    expect((await h.api(`/v1/devices?q=${serial}`)).body.items[0]?.connected).toBe(true);
  });

  it('creates nothing for a serial number nobody provisioned, nor for one announced as another family', async () => {
    const serial = uniqueSerial('WRONGFAM');
    const id = await h.provision(serial, { vendor: 'vega' });
    const before = (await h.api('/health')).body.ingestRefused.notProvisioned;
    await h.publish(serial, 'connection', {
      connected: true,
      ts: new Date().toISOString(),
      registration: { deviceType: 'light-point-controller', vendor: 'orion' },
    });
    await expect.poll(async () => (await h.api('/health')).body.ingestRefused.notProvisioned).toBe(before + 1);
    expect((await h.api(`/v1/devices/${id}`)).body).toMatchObject({ status: 'provisioned', vendor: 'vega' });
    // The harness gateway may not even publish for a serial that is not behind it.
    const { credentials } = await ownDevice('UNPROV');
    const client = await signIn(credentials);
    const gone = closed(client);
    client.publish(topics.up('NEVER-PROVISIONED', 'connection'), '{"connected":true}', { qos: 1 });
    await gone;
    expect((await h.api('/v1/devices?q=NEVER-PROVISIONED')).body.total).toBe(0);
  });

  it('closes a connection that sends a packet past MQTT_MAX_PACKET_BYTES', async () => {
    const { credentials } = await ownDevice('BIG');
    const before = (await refused()).packetSize;
    const client = await signIn(credentials);
    const gone = closed(client);
    client.publish(topics.up(credentials.username, 'attributes'), 'x'.repeat(8192), { qos: 1 });
    await gone;
    expect((await refused()).packetSize).toBe(before + 1);
  });

  it("keeps no more than a client's share of retained messages, and still delivers the rest", async () => {
    const { credentials } = await ownDevice('RET');
    const before = await refused();
    const received = (await h.api('/health')).body.mqtt.received;
    const client = await signIn(credentials);
    for (const channel of ['connection', 'attributes', 'alarms'] as const) {
      await client.publishAsync(topics.up(credentials.username, channel), 'retained', { qos: 1, retain: true });
    }
    expect((await refused()).retained).toBe(before.retained + 1);
    await expect.poll(async () => (await h.api('/health')).body.mqtt.received).toBeGreaterThanOrEqual(received + 3);
    expect(client.connected).toBe(true);
  });
  it('disconnects a device at once when it is disabled, refuses it from then on, and leaves the others connected', async () => {
    const target = await ownDevice('DIS');
    const other = await ownDevice('DIS-OTHER');
    const client = await signIn(target.credentials);
    const bystander = await signIn(other.credentials);
    const gone = closed(client);
    const disabled = await h.api(`/v1/devices/${target.id}/disable`, {
      method: 'POST',
      body: JSON.stringify({ consequencesAccepted: true }),
    });
    expect(disabled.status).toBe(200);
    await gone;
    expect(client.connected).toBe(false);
    await expect(
      connect(h.server.mqttUrl, { clientId: target.credentials.username, ...target.credentials }),
    ).rejects.toThrow(/Bad username or password/i);
    expect(bystander.connected).toBe(true);
    expect(h.device.connected).toBe(true);
  });

  it('ends the session opened with the old password when a device or a gateway gets new credentials', async () => {
    const target = await ownDevice('ROT');
    const other = await ownDevice('ROT-OTHER');
    const gatewayId = uniqueSerial('ROT-GW');
    const gateway = await h.server.services
      .get('devices')
      .provisioning.provisionGateway(DEMO_USER, { gatewayId, projectId: DEMO_PROJECT_ID, name: gatewayId });
    const device = await signIn(target.credentials);
    const link = await signIn(gateway.credentials);
    const bystander = await signIn(other.credentials);

    for (const [client, path] of [
      [device, `/v1/devices/${target.id}/credentials`],
      [link, `/v1/gateways/${gateway.id}/credentials`],
    ] as const) {
      const rotated = await h.api(path, { method: 'POST' });
      expect(rotated.status).toBe(200);
      await expect.poll(() => client.connected).toBe(false);
      const fresh = await signIn(rotated.body.credentials);
      expect(fresh.connected).toBe(true);
    }
    expect(bystander.connected).toBe(true);
    expect(h.device.connected).toBe(true);
  });
});
