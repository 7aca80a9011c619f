import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownMessage } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

/** Long enough for a drop the test publishes after an attempt to reach the server first, beside the browser tests. */
const ATTEMPT_TIMEOUT_MS = 1000;
const MAX_ATTEMPTS = 2;
/** Longer than every silence the attempts could take, twice over. */
const SPENT_ATTEMPTS_MS = ATTEMPT_TIMEOUT_MS * MAX_ATTEMPTS * 2;

/** Records every down message the harness gateway hears, with when it arrived. */
function listen(h: Harness): Array<DownMessage & { at: number }> {
  const downs: Array<DownMessage & { at: number }> = [];
  h.device.on('message', (topic, payload) => {
    if (topic.endsWith('/down/commands'))
      downs.push({ ...(JSON.parse(payload.toString()) as DownMessage), at: Date.now() });
  });
  return downs;
}

const connection = (h: Harness, serial: string, connected: boolean) =>
  h.publish(serial, 'connection', { connected, ts: new Date().toISOString() });

async function disconnected(h: Harness, serial: string): Promise<string> {
  const id = await h.register(serial);
  await connection(h, serial, false);
  await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.connected).toBe(false);
  return id;
}

const command = (h: Harness, id: string, body: unknown) =>
  h.api(`/v1/devices/${id}/commands`, { method: 'POST', body: JSON.stringify(body) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('commands to a disconnected device', () => {
  let h: Harness;
  let downs: Array<DownMessage & { at: number }>;
  beforeAll(async () => {
    h = await startHarness({
      COMMAND_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
      COMMAND_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      COMMAND_DEVICE_WAIT_MS: '60000',
    });
    downs = listen(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('waits for the device without sending it or spending attempts, and sends it within a second of its return', async () => {
    const serial = uniqueSerial('WAIT');
    const id = await disconnected(h, serial);
    const accepted = await command(h, id, { command: 'switchOff' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'IN_PROGRESS', attempt: 1, waitingForDevice: true });
    expect(Date.parse(accepted.body.waitUntil) - Date.parse(accepted.body.createdAt)).toBe(60_000);

    await sleep(SPENT_ATTEMPTS_MS);
    expect((await h.api(`/v1/queued-requests/${accepted.body.id}`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      attempt: 1,
      waitingForDevice: true,
      error: null,
    });
    expect(downs.filter((down) => down.requestId === accepted.body.id)).toEqual([]);

    const back = Date.now();
    await connection(h, serial, true);
    await expect.poll(() => downs.find((down) => down.requestId === accepted.body.id), { timeout: 1000 }).toBeDefined();
    const sent = downs.find((down) => down.requestId === accepted.body.id)!;
    expect(sent.at - back).toBeLessThan(1000);
    expect(sent).toMatchObject({ command: 'switchOff', attempt: 1 });
    expect((await h.api(`/v1/queued-requests/${accepted.body.id}`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      waitingForDevice: false,
    });
    await h.publish(serial, 'commands', { requestId: accepted.body.id, status: 'DONE', progress: 100 });
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${accepted.body.id}`)).body.status).toBe('DONE');
  });

  it('stops the silence timer of a device that drops during an attempt, and sends the same attempt when it is back', async () => {
    const serial = uniqueSerial('DROP');
    const id = await h.register(serial);
    const { body } = await command(h, id, { command: 'blink', params: { count: 2, cycleSeconds: 1 } });
    expect(body.waitingForDevice).toBe(false);
    await expect.poll(() => downs.filter((down) => down.requestId === body.id).length).toBe(1);

    await connection(h, serial, false);
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.waitingForDevice).toBe(true);
    await sleep(SPENT_ATTEMPTS_MS);
    expect((await h.api(`/v1/queued-requests/${body.id}`)).body).toMatchObject({ status: 'IN_PROGRESS', attempt: 1 });
    expect(downs.filter((down) => down.requestId === body.id)).toHaveLength(1);

    await connection(h, serial, true);
    await expect.poll(() => downs.filter((down) => down.requestId === body.id).length, { timeout: 1000 }).toBe(2);
    expect(downs.filter((down) => down.requestId === body.id).map((down) => 'attempt' in down && down.attempt)).toEqual(
      [1, 1],
    );
  });

  it('still times out a connected device that stays silent', async () => {
    const id = await h.register(uniqueSerial('MUTE'));
    const { body } = await command(h, id, { command: 'switchOn' });
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.error?.code, { timeout: 5000 })
      .toBe('REQUEST_TIMED_OUT');
  });
});

describe("a request's wait for its device", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'farola-wait-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("ends with 'Device stayed disconnected' once the command's wait is over, in a bulk job too", async () => {
    const h = await startHarness({ COMMAND_ATTEMPT_TIMEOUT_MS: '200', COMMAND_DEVICE_WAIT_MS: '1500' });
    try {
      const downs = listen(h);
      const id = await disconnected(h, uniqueSerial('GONE'));
      const single = (await command(h, id, { command: 'setOperateMode', params: { operateMode: '013' } })).body;
      const job = (
        await h.api('/v1/bulk-actions', {
          method: 'POST',
          body: JSON.stringify({ action: 'switchOff', deviceIds: [id] }),
        })
      ).body;
      await expect
        .poll(async () => (await h.api(`/v1/queued-requests/${single.id}`)).body.status, { timeout: 5000 })
        .toBe('ERROR');
      const ended = (await h.api(`/v1/queued-requests/${single.id}`)).body;
      expect(ended).toMatchObject({
        attempt: 1,
        waitingForDevice: false,
        error: { code: 'DEVICE_STAYED_DISCONNECTED', message: 'Device stayed disconnected: command not carried out' },
      });
      expect(Date.parse(ended.finishedAt)).toBeGreaterThanOrEqual(Date.parse(ended.waitUntil));
      await expect
        .poll(async () => (await h.api(`/v1/bulk-actions/${job.id}/items`)).body.items, { timeout: 5000 })
        .toEqual([
          expect.objectContaining({
            outcome: 'failed',
            error: {
              code: 'DEVICE_STAYED_DISCONNECTED',
              message: 'Device stayed disconnected: command not carried out',
            },
          }),
        ]);
      expect(downs).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('keeps the deadline it was given across a restart, whatever the new configuration says', async () => {
    // Long enough for two servers to start on a busy machine, short enough to wait for.
    const first = await startHarness({ DATA_DIR: dataDir, COMMAND_DEVICE_WAIT_MS: '20000' });
    const id = await disconnected(first, uniqueSerial('RESTART'));
    const queued = (await command(first, id, { command: 'switchOn' })).body;
    await first.close();

    const second = await startHarness({ DATA_DIR: dataDir, COMMAND_DEVICE_WAIT_MS: '600000' });
    try {
      expect((await second.api(`/v1/queued-requests/${queued.id}`)).body).toMatchObject({
        status: 'IN_PROGRESS',
        waitingForDevice: true,
        waitUntil: queued.waitUntil,
      });
      await expect
        .poll(async () => (await second.api(`/v1/queued-requests/${queued.id}`)).body.error?.code, {
          timeout: 25_000,
        })
        .toBe('DEVICE_STAYED_DISCONNECTED');
      const ended = (await second.api(`/v1/queued-requests/${queued.id}`)).body;
      expect(Date.parse(ended.finishedAt) - Date.parse(queued.waitUntil)).toBeLessThan(2000);
    } finally {
      await second.close();
    }
  }, 90_000);
});
