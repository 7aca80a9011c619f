import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PROJECT_ID,
  type LogRecord,
  type Page,
  type ProvisionedDevice,
  type ProvisionedDevices,
  type ProvisionedGateway,
  type QueuedRequest,
  topics,
} from '@farola/protocol';
import { type FarolaServer, loadConfig, startFarolaServer } from '@farola/realtime-server';
import { getJson, postJson } from './stack';

const DEPLOY = fileURLToPath(new URL('../../deploy/mosquitto/', import.meta.url));
const LOCAL_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A private Mosquitto with the repository's configuration (the plugin's Debian path, a scratch copy of its file). */
async function startMosquitto(): Promise<{ url: string; stop: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'farola-mosquitto-'));
  const port = await freePort();
  copyFileSync(path.join(DEPLOY, 'dynamic-security.json'), path.join(folder, 'dynamic-security.json'));
  // Started as root, Mosquitto drops to its own user, which must read and rewrite the plugin's file.
  chmodSync(folder, 0o777);
  chmodSync(path.join(folder, 'dynamic-security.json'), 0o666);
  const config = readFileSync(path.join(DEPLOY, 'mosquitto.conf'), 'utf8')
    .replace('listener 1883', `listener ${port} 127.0.0.1`)
    .replace('/usr/lib/mosquitto_dynamic_security.so', LOCAL_PLUGIN)
    .replace('/mosquitto/data/dynamic-security.json', path.join(folder, 'dynamic-security.json'))
    .replace('persistence true', 'persistence false')
    .replace(/^persistence_location .*$/m, '');
  writeFileSync(path.join(folder, 'mosquitto.conf'), config);
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', path.join(folder, 'mosquitto.conf')], {
    stdio: 'ignore',
  });
  const url = `mqtt://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const refused = await mqtt
      .connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1000 })
      .then((client) => client.endAsync().then(() => false))
      .catch((error: { code?: number }) => error.code === 5 || error.code === 4);
    if (refused) break;
    if (Date.now() > deadline) throw new Error('mosquitto did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe('Mosquitto with the dynamic security configuration of deploy/mosquitto', () => {
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let server: FarolaServer;
  const api = (route: string) => `${server.httpUrl}/lighting/api/v1${route}`;
  const connect = (clientId: string, credentials?: { username: string; password: string }) =>
    mqtt.connectAsync(broker.url, { clientId, reconnectPeriod: 0, ...credentials });

  beforeAll(async () => {
    broker = await startMosquitto();
    server = await startFarolaServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        AUTH_DISABLED: 'true',
        LOG_LEVEL: 'warn',
        MQTT_URL: broker.url,
        MQTT_USERNAME: 'farola-server',
        MQTT_PASSWORD: 'farola-server-dev-password',
        MQTT_DYNSEC: 'true',
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await broker?.stop();
  });

  const provision = async (serialNumber: string) => {
    const body = {
      serialNumber,
      deviceType: 'light-point-controller',
      vendor: 'orion',
      projectId: DEMO_PROJECT_ID,
      name: serialNumber,
    };
    const answer = await postJson<ProvisionedDevice>(api('/devices'), body);
    expect(answer.status).toBe(201);
    return answer.body;
  };

  it('refuses anonymous clients and wrong passwords', async () => {
    await expect(connect('anonymous')).rejects.toThrow(/Not authorized/i);
    await expect(connect('farola-server-x', { username: 'farola-server', password: 'wrong' })).rejects.toThrow();
  });

  it('makes provisioned credentials real on the broker, and the device registers and reports through it', async () => {
    const device = await provision('MQ-LP-1');
    const client = await connect('MQ-LP-1', device.credentials!);
    await client.publishAsync(
      topics.up('MQ-LP-1', 'connection'),
      JSON.stringify({ connected: true, registration: { deviceType: 'light-point-controller', vendor: 'orion' } }),
      { qos: 1 },
    );
    await client.publishAsync(
      topics.up('MQ-LP-1', 'attributes'),
      JSON.stringify({ ts: new Date().toISOString(), values: { dimming: 55 } }),
      { qos: 1 },
    );
    await expect
      .poll(
        async () =>
          (await getJson<{ status: string; attributes: { dimming?: number } }>(api(`/devices/${device.id}`))).body,
      )
      .toMatchObject({ status: 'ready', attributes: { dimming: 55 } });
    await client.endAsync();
  });

  it('makes the credentials of a batch of devices real on the broker: each its own password and topics', async () => {
    const serials = Array.from({ length: 60 }, (_, i) => `MQ-BATCH-${i}`);
    const answer = await postJson<ProvisionedDevices>(api('/devices/batch'), {
      devices: serials.map((serialNumber) => ({
        serialNumber,
        deviceType: 'light-point-controller',
        vendor: 'orion',
        projectId: DEMO_PROJECT_ID,
        name: serialNumber,
      })),
    });
    expect(answer.body.created).toBe(60);
    // 60 devices are 180 dynamic security commands: more than one control message.
    for (const i of [0, 59]) {
      const client = await connect(serials[i]!, answer.body.items[i]!.credentials!);
      const [own] = await client.subscribeAsync(topics.downCommands(serials[i]!), { qos: 1 });
      expect(own?.qos).toBe(1);
      await expect(client.subscribeAsync(topics.downCommands(serials[1]!), { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      await client.endAsync();
    }
    await expect(
      connect(serials[1]!, { username: serials[1]!, password: answer.body.items[0]!.credentials!.password }),
    ).rejects.toThrow();
  });

  it('lets a device upload its logged data on its up/logs', async () => {
    const device = await provision('MQ-LP-LOG');
    const client = await connect('MQ-LP-LOG', device.credentials!);
    await client.publishAsync(
      topics.up('MQ-LP-LOG', 'connection'),
      JSON.stringify({ connected: true, registration: { deviceType: 'light-point-controller', vendor: 'orion' } }),
      { qos: 1 },
    );
    await expect
      .poll(async () => (await getJson<{ status: string }>(api(`/devices/${device.id}`))).body.status)
      .toBe('ready');
    const params = { from: '2026-01-14T00:00:00Z', to: '2026-01-14T02:00:00Z' };
    const request = await postJson<QueuedRequest>(api(`/devices/${device.id}/commands`), {
      command: 'uploadLog',
      params,
    });
    const records: LogRecord[] = [0, 1].map((i) => ({
      hour: new Date(Date.parse(params.from) + i * 3_600_000).toISOString(),
      energy: 0.05,
      operatingHours: 1,
      onShare: 1,
      dimming: 70,
    }));
    await client.publishAsync(
      topics.up('MQ-LP-LOG', 'logs'),
      JSON.stringify({ requestId: request.body.id, page: 1, pages: 1, records }),
      { qos: 1 },
    );
    await expect
      .poll(async () => (await getJson<Page<LogRecord>>(api(`/devices/${device.id}/history`))).body.items)
      .toEqual(records);
    await client.endAsync();
  });

  it("holds a device to its own topics: another device's reports and its commands are not let through", async () => {
    const a = await provision('MQ-LP-A');
    const b = await provision('MQ-LP-B');
    const client = await connect('MQ-LP-A', a.credentials!);
    await client.publishAsync(
      topics.up('MQ-LP-B', 'attributes'),
      JSON.stringify({ ts: new Date().toISOString(), values: { dimming: 9 } }),
      { qos: 1 },
    );
    await expect(client.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync(topics.downCommands('MQ-LP-B'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const [own] = await client.subscribeAsync(topics.downCommands('MQ-LP-A'), { qos: 1 });
    expect(own?.qos).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getJson<{ attributes: object }>(api(`/devices/${b.id}`))).body.attributes).toEqual({});
    // The client id is bound to the user name: borrowing another's is refused.
    await expect(connect('MQ-LP-B', a.credentials!)).rejects.toThrow();
    await client.endAsync();
  });

  it("lets a gateway speak for the devices provisioned behind it, and rotation replaces a device's password", async () => {
    const gateway = await postJson<ProvisionedGateway>(api('/gateways'), {
      gatewayId: 'MQ-GW-1',
      projectId: DEMO_PROJECT_ID,
      name: 'Gateway',
    });
    expect(gateway.status).toBe(201);
    const item = {
      serialNumber: 'MQ-GW-LP-1',
      deviceType: 'light-point-controller',
      vendor: 'vega',
      projectId: DEMO_PROJECT_ID,
      name: 'x',
    };
    expect((await postJson(api(`/gateways/${gateway.body.id}/devices`), { devices: [item] })).status).toBe(200);
    const client = await connect('MQ-GW-1', gateway.body.credentials);
    const [granted] = await client.subscribeAsync(topics.downCommands('MQ-GW-LP-1'), { qos: 1 });
    expect(granted?.qos).toBe(1);
    await client.endAsync();

    const device = await provision('MQ-LP-ROT');
    const rotated = await postJson<{ credentials: { username: string; password: string } }>(
      api(`/devices/${device.id}/credentials`),
      {},
    );
    await expect(connect('MQ-LP-ROT', device.credentials!)).rejects.toThrow();
    await (await connect('MQ-LP-ROT', rotated.body.credentials)).endAsync();
  });
  it('takes a disabled device off the broker: disconnected at once, refused from then on; its gateway no longer speaks for it', async () => {
    const device = await provision('MQ-LP-DIS');
    const client = await connect('MQ-LP-DIS', device.credentials!);
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const disabled = await postJson(api(`/devices/${device.id}/disable`), { consequencesAccepted: true });
    expect(disabled.status).toBe(200);
    await gone;
    await expect(connect('MQ-LP-DIS', device.credentials!)).rejects.toThrow(/Not authorized|Bad user/i);

    const gateway = await postJson<ProvisionedGateway>(api('/gateways'), {
      gatewayId: 'MQ-GW-DIS',
      projectId: DEMO_PROJECT_ID,
      name: 'Gateway',
    });
    const behind = (serialNumber: string) => ({
      serialNumber,
      deviceType: 'light-point-controller',
      vendor: 'vega',
      projectId: DEMO_PROJECT_ID,
      name: serialNumber,
    });
    const added = await postJson<{ items: { deviceId: string }[] }>(api(`/gateways/${gateway.body.id}/devices`), {
      devices: [behind('MQ-GW-DIS-1'), behind('MQ-GW-DIS-2')],
    });
    expect(added.status).toBe(200);
    const [first] = added.body.items;
    expect((await postJson(api(`/devices/${first!.deviceId}/disable`), { consequencesAccepted: true })).status).toBe(
      200,
    );
    const carrier = await connect('MQ-GW-DIS', gateway.body.credentials);
    await expect(carrier.subscribeAsync(topics.downCommands('MQ-GW-DIS-1'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const [kept] = await carrier.subscribeAsync(topics.downCommands('MQ-GW-DIS-2'), { qos: 1 });
    expect(kept?.qos).toBe(1);
    await carrier.endAsync();
  });
});
