import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BulkJob,
  DEMO_NORTH_PROJECT_ID,
  DEMO_PROJECT_ID,
  type DownMessage,
  type MqttCredentials,
  streams,
  topics,
} from '@farola/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../../auth/user';
import { collect, type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { JobRepository } from '../jobs/job.repository';

const post = (h: Harness, path: string, body: unknown) => h.api(path, { method: 'POST', body: JSON.stringify(body) });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Answers every command the harness gateway hears with `status`, unless `skip` says otherwise. */
function answerCommands(h: Harness, answer: (message: DownMessage, serial: string) => object | null) {
  h.device.on('message', (topic, payload) => {
    if (!topic.endsWith('/down/commands')) return;
    const message = JSON.parse(payload.toString()) as DownMessage;
    if ('cancel' in message) return;
    const serial = topic.split('/')[3]!;
    const reply = answer(message, serial);
    if (reply) void h.publish(serial, 'commands', { requestId: message.requestId, ...reply });
  });
}

describe('bulk actions', () => {
  let h: Harness;
  const silent = new Set<string>();
  beforeAll(async () => {
    h = await startHarness();
    answerCommands(h, (_message, serial) => (silent.has(serial) ? null : { status: 'DONE', progress: 100 }));
  });
  afterAll(async () => {
    await h?.close();
  });

  const job = (id: string) => h.api(`/v1/bulk-actions/${id}`).then((answer) => answer.body as BulkJob);
  const finished = (id: string) =>
    until(
      () => job(id),
      (value) => value.status !== 'running',
    );

  it('switches off many devices in one job and records each device as succeeded', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => h.register(uniqueSerial('BULK'))));
    const started = await post(h, '/v1/bulk-actions', { action: 'switchOff', deviceIds: ids });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ action: 'switchOff', total: 3, status: 'running' });
    const done = await finished(started.body.id);
    expect(done).toMatchObject({ status: 'done', succeeded: 3, failed: 0, pending: 0 });
    const items = await h.api(`/v1/bulk-actions/${started.body.id}/items?outcome=succeeded`);
    expect(items.body.total).toBe(3);
    expect(items.body.items.every((item: { requestId: string | null }) => item.requestId)).toBe(true);
  });

  it("lists one action's jobs, newest first, when asked for that action", async () => {
    const id = await h.register(uniqueSerial('LIST'));
    const switchOff = await post(h, '/v1/bulk-actions', { action: 'switchOff', deviceIds: [id] });
    const reboot = await post(h, '/v1/bulk-actions', { action: 'reboot', deviceIds: [id] });
    const reboots = await h.api('/v1/bulk-actions?action=reboot');
    expect(reboots.status).toBe(200);
    const listed = reboots.body.items as BulkJob[];
    expect(listed[0]?.id).toBe(reboot.body.id);
    expect(listed.every((listedJob) => listedJob.action === 'reboot')).toBe(true);
    expect(listed.some((listedJob) => listedJob.id === switchOff.body.id)).toBe(false);
    expect(reboots.body.total).toBe(listed.length);
    expect((await h.api('/v1/bulk-actions?action=explode')).status).toBe(400);
  });

  it('refuses a bulk action that mixes vendor families', async () => {
    const orion = await h.register(uniqueSerial('MIX'));
    const vega = await h.register(uniqueSerial('MIX'), { vendor: 'vega' });
    const check = await post(h, '/v1/bulk-actions/check', { action: 'reboot', deviceIds: [orion, vega] });
    expect(check.body).toMatchObject({ total: 2, compatible: false });
    const refused = await post(h, '/v1/bulk-actions', { action: 'reboot', deviceIds: [orion, vega] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'INCOMPATIBLE_SELECTION',
      message: 'Selected items are incompatible',
    });
  });

  it('lists the devices that do not support an action and runs it on the others only once accepted', async () => {
    const light = await h.register(uniqueSerial('RST'));
    const cabinet = await h.register(uniqueSerial('RST'), { deviceType: 'cabinet-controller' });
    const body = {
      action: 'resetInstallation',
      params: { installationDate: '2026-03-01' },
      deviceIds: [light, cabinet],
      consequencesAccepted: true,
    };
    const check = await post(h, '/v1/bulk-actions/check', body);
    expect(check.body).toMatchObject({ compatible: true, supported: 1, unsupportedTotal: 1 });
    expect(check.body.unsupported).toEqual([
      expect.objectContaining({ deviceId: light, reason: 'UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED' }),
    ]);
    const refused = await post(h, '/v1/bulk-actions', body);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('BULK_UNSUPPORTED_DEVICES');
    expect(refused.body.error.details.unsupportedTotal).toBe(1);
    const accepted = await post(h, '/v1/bulk-actions', { ...body, acceptUnsupported: true });
    expect(accepted.status).toBe(202);
    const done = await finished(accepted.body.id);
    expect(done).toMatchObject({ total: 2, succeeded: 1, skipped: 1, failed: 0 });
  });

  it("refuses a destructive action unless 'I understand the consequences' is ticked", async () => {
    const id = await h.register(uniqueSerial('CONS'));
    const refused = await post(h, '/v1/bulk-actions', { action: 'disable', deviceIds: [id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: 'consequencesAccepted' })]);
  });

  it('answers 422 when no selected device supports the action', async () => {
    const light = await h.register(uniqueSerial('NONE'));
    const refused = await post(h, '/v1/bulk-actions', {
      action: 'resetInstallation',
      params: { installationDate: '2026-03-01' },
      deviceIds: [light],
      consequencesAccepted: true,
      acceptUnsupported: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('BULK_NO_SUPPORTED_DEVICES');
  });

  it('does not reveal devices outside the selection scope', async () => {
    const refused = await post(h, '/v1/bulk-actions/check', { action: 'switchOn', deviceIds: [randomUUID()] });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('DEVICE_NOT_FOUND');
  });

  it('cancels the pending items of a job, whose requests end CANCELLED', async () => {
    const serial = uniqueSerial('CNL');
    silent.add(serial);
    const id = await h.register(serial);
    const started = await post(h, '/v1/bulk-actions', { action: 'reboot', deviceIds: [id] });
    await until(
      () => h.api(`/v1/bulk-actions/${started.body.id}/items`),
      (answer) => answer.body.items[0]?.requestId !== null,
    );
    const cancelled = await post(h, `/v1/bulk-actions/${started.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const items = await until(
      () => h.api(`/v1/bulk-actions/${started.body.id}/items`),
      (answer) => answer.body.items[0]?.outcome === 'failed',
    );
    expect(items.body.items[0].error.code).toBe('REQUEST_CANCELED');
    const request = await h.api(`/v1/queued-requests/${items.body.items[0].requestId}`);
    expect(request.body.status).toBe('CANCELLED');
    expect((await post(h, `/v1/bulk-actions/${started.body.id}/cancel`, {})).body.error.code).toBe('BULK_JOB_FINISHED');
  });

  it('moves devices along the lifecycle and refuses a move the lifecycle does not allow', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => h.register(uniqueSerial('LIFE'))));
    const started = await post(h, '/v1/bulk-actions', { action: 'sendToRevision', deviceIds: [a, b] });
    expect((await finished(started.body.id)).succeeded).toBe(2);
    expect((await h.api(`/v1/devices/${a}`)).body.status).toBe('revision');
    const events = await h.api(`/v1/devices/${a}/events?type=DeviceLifecycleChanged`);
    expect(events.body.items[0].payload).toMatchObject({
      cause: 'sendToRevision',
      from: 'ready',
      to: 'revision',
      changedBy: expect.any(String),
      bulkJobId: started.body.id,
    });
    const refused = await post(h, `/v1/devices/${a}/lifecycle`, { action: 'sendToRevision' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_LIFECYCLE_TRANSITION',
      details: { from: 'revision', to: 'revision' },
    });
  });

  it('installs a device: ready once its install request ends DONE, still installing after an ERROR', async () => {
    const good = await h.register(uniqueSerial('INST'));
    const badSerial = uniqueSerial('INST');
    const bad = await h.register(badSerial);
    await post(h, `/v1/devices/${good}/lifecycle`, { action: 'sendToMaintenance' });
    await post(h, `/v1/devices/${bad}/lifecycle`, { action: 'sendToMaintenance' });
    expect((await post(h, `/v1/devices/${good}/lifecycle`, { action: 'sendToInstallation' })).body.status).toBe(
      'installation',
    );
    await until(
      () => h.api(`/v1/devices/${good}`),
      (answer) => answer.body.status === 'ready',
    );
    silent.add(badSerial);
    await post(h, `/v1/devices/${bad}/lifecycle`, { action: 'sendToInstallation' });
    const [request] = (await h.api(`/v1/queued-requests?deviceId=${bad}&command=install`)).body.items;
    await h.publish(badSerial, 'commands', {
      requestId: request.id,
      status: 'ERROR',
      progress: 40,
      error: { code: 'NOT_ACCEPTABLE', reason: 'INSTALLATION_MIN_POWER_NOT_REACHED' },
    });
    const failed = await until(
      () => h.api(`/v1/queued-requests/${request.id}`),
      (answer) => answer.body.status === 'ERROR',
    );
    expect(failed.body.error.code).toBe('INSTALLATION_MIN_POWER_NOT_REACHED');
    expect((await h.api(`/v1/devices/${bad}`)).body.status).toBe('installation');
  });

  it('disables a device for good: disconnected, recorded, and every later command refused', async () => {
    const serial = uniqueSerial('DIS');
    const id = await h.register(serial);
    const disabled = await post(h, `/v1/devices/${id}/disable`, { consequencesAccepted: true });
    expect(disabled.body).toMatchObject({ disabled: true, connected: false, status: 'ready' });
    const refused = await post(h, `/v1/devices/${id}/commands`, { command: 'switchOn' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DEVICE_DISABLED');
    const check = await post(h, '/v1/bulk-actions/check', { action: 'switchOn', deviceIds: [id] });
    expect(check.body.unsupported[0].reason).toBe('DEVICE_DISABLED');
    const events = await h.api(`/v1/devices/${id}/events?type=DeviceLifecycleChanged`);
    expect(events.body.items[0].payload).toMatchObject({ cause: 'disable', disabled: true });
  });

  it('moves devices to another project: the old fleet stream is told each left, the new one it arrived, and its queued requests follow', async () => {
    const serial = uniqueSerial('MOVE');
    silent.add(serial);
    const id = await h.register(serial, { projectId: DEMO_PROJECT_ID });
    const queued = await post(h, `/v1/devices/${id}/commands`, { command: 'switchOn' });
    expect(queued.body).toMatchObject({ status: 'IN_PROGRESS', projectId: DEMO_PROJECT_ID });
    const socket = await h.socket();
    const fleet = collect(socket, 'FleetStateUpdated', (item) => item.deviceId === id);
    const requested = collect(socket, 'DeviceCommandRequested', (item) => item.deviceId === id);

    const started = await post(h, '/v1/bulk-actions', {
      action: 'changeProject',
      params: { projectId: DEMO_NORTH_PROJECT_ID },
      deviceIds: [id],
    });
    expect((await finished(started.body.id)).succeeded).toBe(1);
    await expect.poll(() => fleet.length).toBe(2);
    expect(fleet).toEqual([
      expect.objectContaining({ stream: streams.fleet(DEMO_PROJECT_ID), projectId: DEMO_PROJECT_ID, left: true }),
      expect.objectContaining({ stream: streams.fleet(DEMO_NORTH_PROJECT_ID), projectId: DEMO_NORTH_PROJECT_ID }),
    ]);
    expect(fleet[1]!.left).toBeUndefined();

    const listed = async (projectId: string) =>
      (await h.api(`/v1/queued-requests?projectId=${projectId}&deviceId=${id}`)).body.items.map(
        (request: { id: string }) => request.id,
      );
    expect(await listed(DEMO_NORTH_PROJECT_ID)).toEqual([queued.body.id]);
    expect(await listed(DEMO_PROJECT_ID)).toEqual([]);
    // The request in progress announces its end on the new project's stream.
    await h.publish(serial, 'commands', { requestId: queued.body.id, status: 'DONE', progress: 100 });
    await expect
      .poll(() => requested.find((item) => item.request.status === 'DONE'))
      .toMatchObject({
        projectId: DEMO_NORTH_PROJECT_ID,
        stream: streams.project(DEMO_NORTH_PROJECT_ID),
        request: { projectId: DEMO_NORTH_PROJECT_ID },
      });
  });

  it('masks the password of a setConfiguration in the listed request', async () => {
    const id = await h.register(uniqueSerial('CFG'), { deviceType: 'cabinet-controller' });
    const queued = await post(h, `/v1/devices/${id}/commands`, {
      command: 'setConfiguration',
      params: { parameters: { mobile: { password: 'hunter22' } } },
    });
    expect(JSON.stringify(queued.body)).not.toContain('hunter22');
    const listed = await h.api(`/v1/queued-requests?deviceId=${id}`);
    expect(JSON.stringify(listed.body)).not.toContain('hunter22');
  });

  it('cancels many queued requests at once, with an outcome per id', async () => {
    const serial = uniqueSerial('QCN');
    silent.add(serial);
    const id = await h.register(serial);
    const queued = await post(h, `/v1/devices/${id}/commands`, { command: 'switchOn' });
    const unknown = randomUUID();
    const answer = await post(h, '/v1/queued-requests/cancel', { ids: [queued.body.id, unknown] });
    expect(answer.body.items).toEqual([
      expect.objectContaining({ id: queued.body.id, outcome: 'cancelled' }),
      expect.objectContaining({
        id: unknown,
        outcome: 'failed',
        error: expect.objectContaining({ code: 'QUEUED_COMMAND_NOT_FOUND' }),
      }),
    ]);
    const filtered = await h.api(`/v1/queued-requests?status=CANCELLED&status=ERROR&q=${serial}`);
    expect(filtered.body.items.map((request: { id: string }) => request.id)).toEqual([queued.body.id]);
  });
});

describe('a bulk job across a server restart', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'farola-bulk-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps following the requests of a running job and completes every device after the restart', async () => {
    const env = { DATA_DIR: dataDir, COMMAND_ATTEMPT_TIMEOUT_MS: '500', COMMAND_MAX_ATTEMPTS: '1' };
    const first = await startHarness(env);
    const serials = [1, 2, 3].map(() => uniqueSerial('RST'));
    const ids = [];
    for (const serial of serials) ids.push(await first.register(serial));
    // Only the first device answers before the restart.
    answerCommands(first, (_message, serial) => (serial === serials[0] ? { status: 'DONE', progress: 100 } : null));
    const started = await post(first, '/v1/bulk-actions', { action: 'switchOff', deviceIds: ids });
    await until(
      () => first.api(`/v1/bulk-actions/${started.body.id}/items?outcome=succeeded`),
      (answer) => answer.body.total === 1,
    );
    await first.close();

    const second = await startHarness(env);
    try {
      const job = await until(
        () => second.api(`/v1/bulk-actions/${started.body.id}`),
        (answer) => answer.body.status === 'done',
      );
      expect(job.body).toMatchObject({ total: 3, succeeded: 1, failed: 2, pending: 0 });
      const failed = await second.api(`/v1/bulk-actions/${started.body.id}/items?outcome=failed`);
      expect(failed.body.items.map((item: { error: { code: string } }) => item.error.code)).toEqual([
        'REQUEST_TIMED_OUT',
        'REQUEST_TIMED_OUT',
      ]);
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('a bulk job whose server died between queuing a batch and recording it', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'farola-bulk-crash-'));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes the requests it had queued on resume: each device gets its command once', async () => {
    const env = { DATA_DIR: dataDir, COMMAND_ATTEMPT_TIMEOUT_MS: '1000', COMMAND_MAX_ATTEMPTS: '5' };
    /** Request ids each device heard, over both runs of the server. */
    const heard = new Map<string, Set<string>>();
    let answering = false;
    const clients: MqttClient[] = [];
    const connect = async (url: string, credentials: MqttCredentials) => {
      const client = await mqtt.connectAsync(url, {
        clientId: credentials.username,
        reconnectPeriod: 0,
        ...credentials,
      });
      clients.push(client);
      const serial = credentials.username;
      client.on('message', (_topic, payload) => {
        const message = JSON.parse(payload.toString()) as DownMessage;
        if ('cancel' in message) return;
        heard.get(serial)!.add(message.requestId);
        if (answering) {
          void client.publishAsync(
            topics.up(serial, 'commands'),
            JSON.stringify({ requestId: message.requestId, status: 'DONE', progress: 100 }),
            { qos: 1 },
          );
        }
      });
      await client.subscribeAsync(topics.downCommands(serial), { qos: 1 });
      return client;
    };

    const first = await startHarness(env);
    const devices: { id: string; credentials: MqttCredentials }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const serialNumber = uniqueSerial('CRASH');
      const device = await first.server.services.get('devices').provisioning.provisionDevice(DEMO_USER, {
        serialNumber,
        deviceType: 'light-point-controller',
        vendor: 'orion',
        projectId: DEMO_PROJECT_ID,
        name: serialNumber,
      });
      heard.set(serialNumber, new Set());
      const client = await connect(first.server.mqttUrl, device.credentials!);
      await client.publishAsync(
        topics.up(serialNumber, 'connection'),
        JSON.stringify({
          connected: true,
          ts: new Date().toISOString(),
          registration: { deviceType: 'light-point-controller', vendor: 'orion' },
        }),
        { qos: 1 },
      );
      devices.push({ id: device.id, credentials: device.credentials! });
    }
    for (const { id } of devices) {
      await until(
        () => first.api(`/v1/devices/${id}`),
        (answer) => answer.body.status === 'ready' && answer.body.connected === true,
      );
    }
    // The batch's requests are stored and sent, then the server "dies" before the items record them.
    const crash = vi.spyOn(JobRepository.prototype, 'start').mockRejectedValueOnce(new Error('the server died here'));
    const started = await post(first, '/v1/bulk-actions', {
      action: 'switchOff',
      deviceIds: devices.map((device) => device.id),
    });
    expect(started.status).toBe(202);
    await until(
      async () => [...heard.values()].every((ids) => ids.size === 1),
      (all) => all,
    );
    expect(crash).toHaveBeenCalledTimes(1);
    crash.mockRestore();
    for (const client of clients.splice(0)) await client.endAsync();
    await first.close();

    const second = await startHarness(env);
    try {
      answering = true;
      for (const { credentials } of devices) await connect(second.server.mqttUrl, credentials);
      const job = await until(
        () => second.api(`/v1/bulk-actions/${started.body.id}`),
        (answer) => answer.body.status === 'done',
      );
      expect(job.body).toMatchObject({ total: 3, succeeded: 3, failed: 0, pending: 0 });
      const items = await second.api(`/v1/bulk-actions/${started.body.id}/items`);
      for (const { id, credentials } of devices) {
        const requests = await second.api(`/v1/queued-requests?deviceId=${id}`);
        expect(requests.body.items).toHaveLength(1);
        const item = items.body.items.find((candidate: { deviceId: string }) => candidate.deviceId === id);
        expect(item.requestId).toBe(requests.body.items[0].id);
        expect([...heard.get(credentials.username)!]).toEqual([item.requestId]);
      }
    } finally {
      for (const client of clients.splice(0)) await client.endAsync();
      await second.close();
    }
  }, 60_000);
});
